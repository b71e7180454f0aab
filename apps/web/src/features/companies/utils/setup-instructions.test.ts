import { NETWORK_IDS } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { SETUP_INSTRUCTIONS } from './setup-instructions';

describe('SETUP_INSTRUCTIONS', () => {
  it.each(NETWORK_IDS)('gives %s a title, steps and an https developer-portal link', (id) => {
    const instructions = SETUP_INSTRUCTIONS[id];
    expect(instructions.title).not.toBe('');
    expect(instructions.steps.length).toBeGreaterThanOrEqual(3);
    expect(new URL(instructions.portal.url).protocol).toBe('https:');
    expect(instructions.portal.label).not.toBe('');
  });
});
