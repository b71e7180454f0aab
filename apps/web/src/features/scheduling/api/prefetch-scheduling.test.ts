import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../lib/zoned-time';
import { prefetchScheduling } from './prefetch-scheduling';

/** Answers the API like the server would, holding the settings until `release` is called. */
function fakeApi(savedZone: string | null) {
  const urls: string[] = [];
  let release = () => {};
  const settingsHeld = new Promise<void>((resolve) => (release = resolve));
  const answer = (data: unknown) =>
    new Response(JSON.stringify({ message: 'ok', data }), {
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    if (url.startsWith('/api/customer/settings')) {
      await settingsHeld;
      return answer({ timezone: savedZone, auto_dst: true });
    }
    if (url.startsWith('/api/schedules/calendar')) return answer({ days: [] });
    return answer({ rows: [], count: 0 });
  });
  const calendarZones = () =>
    urls
      .filter((url) => url.startsWith('/api/schedules/calendar'))
      .map((url) => new URLSearchParams(url.split('?')[1]).get('timezone'));
  return { urls, release, calendarZones };
}

describe('prefetchScheduling', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the calendar before the settings answer, in the browser zone', async () => {
    const api = fakeApi(null);
    const done = prefetchScheduling(new QueryClient());
    await vi.waitFor(() => expect(api.calendarZones()).toEqual([browserTimeZone()]));
    api.release();
    await done;
    expect(api.calendarZones()).toEqual([browserTimeZone()]);
  });

  it('asks again in the saved zone when it differs from the browser one', async () => {
    const saved = browserTimeZone() === 'Pacific/Auckland' ? 'America/Lima' : 'Pacific/Auckland';
    const api = fakeApi(saved);
    const done = prefetchScheduling(new QueryClient());
    await vi.waitFor(() => expect(api.calendarZones()).toHaveLength(1));
    api.release();
    await done;
    expect(api.calendarZones()).toEqual([browserTimeZone(), saved]);
  });
});
