import { describe, expect, it } from 'vitest';
import { reconnectBeforeText } from './reconnect-before';

describe('reconnectBeforeText', () => {
  it("says 'Reconnect before {date}' in the customer's zone", () => {
    const at = '2026-12-01T03:30:00.000Z';
    expect(reconnectBeforeText(at, 'UTC')).toBe('Reconnect before Dec 1, 2026, 3:30 AM');
    // The same instant is still the evening before in New York.
    expect(reconnectBeforeText(at, 'America/New_York')).toBe(
      'Reconnect before Nov 30, 2026, 10:30 PM',
    );
    expect(reconnectBeforeText(at, 'Asia/Tokyo')).toBe('Reconnect before Dec 1, 2026, 12:30 PM');
  });

  it('says nothing when no reconnect is due', () => {
    expect(reconnectBeforeText(null, 'UTC')).toBeNull();
    expect(reconnectBeforeText(undefined, 'UTC')).toBeNull();
  });
});
