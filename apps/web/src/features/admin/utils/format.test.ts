import { describe, expect, it } from 'vitest';
import {
  actedByLabel,
  cpuTone,
  formatDollars,
  formatHms,
  formatUptime,
  savePercent,
} from './format';

describe('admin formatting', () => {
  it('names the member who acted in a workspace, not the owner again', () => {
    const owner = 'studio@example.com';
    expect(actedByLabel({ name: 'Eddie Editor', email: 'eddie@example.com' }, owner)).toBe(
      'by Eddie Editor (eddie@example.com)',
    );
    expect(actedByLabel({ name: null, email: 'eddie@example.com' }, owner)).toBe(
      'by eddie@example.com',
    );
    expect(actedByLabel({ name: 'Olive', email: owner }, owner)).toBeNull();
    expect(actedByLabel(null, owner)).toBeNull();
  });
  it('shows prices in dollars with two decimals, N/A when missing', () => {
    expect(formatDollars(29)).toBe('$29.00');
    expect(formatDollars(19.5)).toBe('$19.50');
    expect(formatDollars(null)).toBe('N/A');
  });
  it('counts down as hh:mm:ss', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(299)).toBe('00:04:59');
    expect(formatHms(90_061)).toBe('25:01:01');
  });
  it('colours CPU at the spec thresholds', () => {
    expect(cpuTone(60)).toBe('green');
    expect(cpuTone(61)).toBe('yellow');
    expect(cpuTone(80)).toBe('yellow');
    expect(cpuTone(81)).toBe('red');
  });
  it('says uptimes briefly and savings in whole percent', () => {
    expect(formatUptime(null)).toBe('-');
    expect(formatUptime(45)).toBe('45s');
    expect(formatUptime(3 * 86_400 + 4 * 3600)).toBe('3d 4h');
    expect(savePercent(29, 19)).toBe(34);
    expect(savePercent(29, null)).toBeNull();
    expect(savePercent(29, 30)).toBeNull();
  });
});
