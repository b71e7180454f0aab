import { describe, expect, it } from 'vitest';
import { SETTING_KEYS, settingLabel } from './admin.js';

describe('settingLabel', () => {
  it('names each setting as people say it, acronyms kept', () => {
    expect(settingLabel('ai_requests_per_hour')).toBe('AI requests per hour');
    expect(settingLabel('sign_in_attempts_per_10_minutes')).toBe('Sign-in attempts per 10 minutes');
    for (const key of SETTING_KEYS) expect(settingLabel(key)).not.toMatch(/_|\b[A-Z][a-z]+ [A-Z]/);
  });

  it('turns an unknown key into a sentence', () => {
    expect(settingLabel('api_url_timeout_ms')).toBe('API URL timeout ms');
  });
});
