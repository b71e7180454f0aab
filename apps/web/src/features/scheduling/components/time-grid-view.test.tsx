// @vitest-environment jsdom
import type { Occurrence } from '@cadence/shared';
import { API_PATHS, OCCURRENCE_MESSAGES, SCHEDULE_MESSAGES } from '@cadence/shared';
import { act } from 'react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeValue, render } from '../../../test/render';
import { OCCURRENCES_QUERY_KEY } from '../api/get-occurrences';
import { rangeOfDays, viewDays } from '../utils/time-grid';
import { TimeGridView } from './time-grid-view';

const ZONE = 'America/New_York';
const ANCHOR = '2026-11-25';
// Tuesday 2026-11-24 09:00 EST.
const NOW = Date.parse('2026-11-24T14:00:00Z');

const occurrence = (patch: Partial<Occurrence>): Occurrence => ({
  id: '11111111-1111-4111-8111-111111111111',
  schedule_id: '22222222-2222-4222-8222-222222222222',
  scheduled_for: '2026-11-25T15:30:00.000Z',
  status: 'pending',
  repeat_type: null,
  content: 'Fresh beans on Friday',
  company_name: 'Harbor',
  networks: ['twitter'],
  movable: true,
  ...patch,
});

const WAITING = occurrence({});
const REPEATING = occurrence({
  id: '33333333-3333-4333-8333-333333333333',
  scheduled_for: '2026-11-26T14:00:00.000Z',
  repeat_type: 'weekly',
  content: 'Weekly tip',
});
const PUBLISHED = occurrence({
  id: '44444444-4444-4444-8444-444444444444',
  scheduled_for: '2026-11-23T14:00:00.000Z',
  status: 'published',
  movable: false,
  content: 'Already out',
});

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function renderWeek() {
  const range = rangeOfDays(viewDays('week', ANCHOR), ZONE);
  return render(
    <TimeGridView
      view="week"
      anchor={ANCHOR}
      onAnchorChange={() => {}}
      timeZone={ZONE}
      companyId=""
      selectedDay={null}
      onSelectedDayChange={() => {}}
    />,
    {
      queries: [
        [
          [...OCCURRENCES_QUERY_KEY, { ...range, companyId: '' }],
          { occurrences: [PUBLISHED, WAITING, REPEATING], truncated: false },
        ],
      ],
    },
  );
}

const buttonNamed = (text: string) =>
  [...document.querySelectorAll('button')].find((button) => button.textContent?.includes(text));
/** Lets the request and its answer go through, until `isDone` holds (at most a second). */
async function settle(isDone: () => boolean = () => true) {
  for (let waited = 0; waited < 1_000; waited += 20) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    if (isDone()) return;
  }
}

describe('the week view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('shows the week from Sunday with each occurrence at its time in the zone', () => {
    const tree = renderWeek();
    expect(document.querySelector('h3')?.textContent).toBe('Nov 22 – 28, 2026');
    const headers = [...document.querySelectorAll('button[aria-pressed]')].map(
      (button) => button.textContent,
    );
    expect(headers).toHaveLength(7);
    expect(headers[0]).toBe('Sun22–');
    expect(headers[3]).toBe('Wed251 post');
    const wednesday = document.querySelector('ul[aria-label="Posts on Wed 2026-11-25"]');
    // 15:30 UTC is 10:30 in New York.
    expect(wednesday?.textContent).toContain('10:30 AM Fresh beans on Friday');
    const item = wednesday?.querySelector('li') as HTMLElement;
    expect(item.style.top).toBe(`${10.5 * 48}px`);
    tree.unmount();
  });

  it("gives every movable occurrence a 'Move to...' button and none to a published one", () => {
    const tree = renderWeek();
    const waiting = buttonNamed('Fresh beans on Friday');
    expect(waiting?.textContent).toBe(
      `10:30 AM Fresh beans on Friday, ${OCCURRENCE_MESSAGES.moveTo}`,
    );
    expect(buttonNamed('Already out')).toBeUndefined();
    expect(document.body.textContent).toContain('Already out');
    tree.unmount();
  });

  it("moves an occurrence from the keyboard with 'Move to...'", async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue('toast');
    const failure = vi.spyOn(toast, 'error').mockReturnValue('toast');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) =>
      init?.method === 'PATCH'
        ? answer(200, {
            message: OCCURRENCE_MESSAGES.moved,
            data: {
              schedule_id: WAITING.schedule_id,
              moved: [{ id: WAITING.id, scheduled_for: '2026-11-27T16:45:00.000Z' }],
            },
          })
        : // The calendar asks again once the move is done.
          answer(200, { message: '', data: { occurrences: [], truncated: false } }),
    );
    const tree = renderWeek();
    act(() => buttonNamed('Fresh beans on Friday')?.click());
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.querySelector('h2')?.textContent).toBe(OCCURRENCE_MESSAGES.moveTitle);
    const date = dialog?.querySelector<HTMLInputElement>('#move-date');
    const time = dialog?.querySelector<HTMLInputElement>('#move-time');
    expect([date?.value, time?.value]).toEqual(['2026-11-25', '10:30']);
    // Not repeating: no question about the following ones.
    expect(dialog?.textContent).not.toContain(OCCURRENCE_MESSAGES.thisAndFollowing);
    changeValue(date!, '2026-11-27');
    changeValue(time!, '11:45');
    act(() => dialog?.querySelector<HTMLFormElement>('form')?.requestSubmit());
    await settle(() => success.mock.calls.length > 0);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(`/api${API_PATHS.scheduleOccurrence.replace(':id', WAITING.id)}`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({
      scheduled_for: '2026-11-27T16:45:00.000Z',
      scope: 'one',
      expected_scheduled_for: WAITING.scheduled_for,
    });
    expect(failure.mock.calls).toEqual([]);
    expect(success).toHaveBeenCalledWith(OCCURRENCE_MESSAGES.moved);
    tree.unmount();
  });

  it("asks which posts move for a repeating one, and refuses a past time with the spec's words", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const tree = renderWeek();
    act(() => buttonNamed('Weekly tip')?.click());
    const dialog = document.querySelector('[role="dialog"]');
    const scopes = [...(dialog?.querySelectorAll('input[type="radio"]') ?? [])].map(
      (input) => input.parentElement?.textContent,
    );
    expect(scopes).toEqual([OCCURRENCE_MESSAGES.onlyThisOne, OCCURRENCE_MESSAGES.thisAndFollowing]);
    changeValue(dialog!.querySelector<HTMLInputElement>('#move-date')!, '2026-11-24');
    changeValue(dialog!.querySelector<HTMLInputElement>('#move-time')!, '08:00');
    act(() => dialog?.querySelector<HTMLFormElement>('form')?.requestSubmit());
    await settle();
    expect(dialog?.querySelector('[role="alert"]')?.textContent).toBe(
      SCHEDULE_MESSAGES.futureDateTime,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    tree.unmount();
  });

  it('says so when the post moved or began publishing meanwhile (409)', async () => {
    const failure = vi.spyOn(toast, 'error').mockReturnValue('toast');
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(409, { statusCode: 409, code: 'STALE', message: OCCURRENCE_MESSAGES.stale }),
    );
    const tree = renderWeek();
    act(() => buttonNamed('Fresh beans on Friday')?.click());
    const dialog = document.querySelector('[role="dialog"]');
    changeValue(dialog!.querySelector<HTMLInputElement>('#move-time')!, '12:00');
    act(() => dialog?.querySelector<HTMLFormElement>('form')?.requestSubmit());
    await settle(() => failure.mock.calls.length > 0 && !document.querySelector('[role="dialog"]'));
    expect(failure).toHaveBeenCalledWith(OCCURRENCE_MESSAGES.stale);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    tree.unmount();
  });
  it('drags a repeating occurrence to another day and time, snapped, and asks which posts move', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) =>
      init?.method === 'PATCH'
        ? answer(200, {
            message: OCCURRENCE_MESSAGES.moved,
            data: { schedule_id: 'x', moved: [] },
          })
        : answer(200, { message: '', data: { occurrences: [], truncated: false } }),
    );
    vi.spyOn(toast, 'success').mockReturnValue('toast');
    const tree = renderWeek();
    // jsdom lays nothing out: the columns are 700 px wide (100 per day) from the top left.
    const columns = document.querySelector('ul[aria-label^="Posts on"]')!.parentElement!;
    vi.spyOn(columns, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 700, height: 24 * 48 }),
    );
    const block = buttonNamed('Weekly tip')!;
    block.setPointerCapture = () => {};
    const pointer = (type: string, x: number, y: number) =>
      act(() => {
        block.dispatchEvent(
          new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 }),
        );
      });
    // Thursday 09:00 New York, grabbed 6 minutes into its block...
    pointer('pointerdown', 450, 9 * 48 + 5);
    // ...dropped on Saturday a little after 14:08: 14:15 after the 15-minute snap.
    pointer('pointermove', 620, 14 * 48 + 12);
    pointer('pointermove', 650, 14 * 48 + 12);
    pointer('pointerup', 650, 14 * 48 + 12);
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain(
      `To Nov 28, 2026 2:15 PM. ${OCCURRENCE_MESSAGES.scopeQuestion}`,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    act(() => buttonNamed(OCCURRENCE_MESSAGES.thisAndFollowing)?.click());
    await settle(() => fetchSpy.mock.calls.length > 0);
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect(JSON.parse(init?.body as string)).toEqual({
      scheduled_for: '2026-11-28T19:15:00.000Z',
      scope: 'following',
      expected_scheduled_for: REPEATING.scheduled_for,
    });
    await settle(() => !document.querySelector('[role="dialog"]'));
    tree.unmount();
  });
});
