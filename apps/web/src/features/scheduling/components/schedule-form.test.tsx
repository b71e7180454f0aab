// @vitest-environment jsdom
import { SCHEDULE_MESSAGES, type Post } from '@cadence/shared';
import { act } from 'react';
import toast from 'react-hot-toast';
import {
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type Mock,
  type MockInstance,
} from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { changeValue, render, type Rendered } from '../../../test/render';
import { ScheduleForm } from './schedule-form';

const ZONE = 'Europe/Berlin';
const post: Post = {
  id: '5d0c2f4e-8a7b-4c1d-9e2f-3a4b5c6d7e8f',
  company_id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f',
  company: { id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f', name: 'Harbor', logo_url: null },
  content: 'Fresh beans on Friday',
  url: null,
  shortened_url: null,
  url_shortened: false,
  scheduled_for: null,
  tone: null,
  platforms: [],
  status: 'draft',
  attachments: [],
  variants: {},
  thread: [],
  first_comment: null,
  has_schedules: false,
  publish_status: null,
  next_scheduled_at: null,
  created_at: '2025-06-01T09:00:00.000Z',
  updated_at: '2025-06-01T09:00:00.000Z',
};

describe('the Schedule dialog’s repeat end', () => {
  let tree: Rendered;
  let fetchSpy: MockInstance<typeof fetch>;
  let onClose: Mock<() => void>;

  beforeEach(() => {
    vi.spyOn(toast, 'success').mockReturnValue('toast');
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, message: 'ok', data: {} }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    onClose = vi.fn<() => void>();
    tree = render(
      <ScheduleForm
        post={post}
        networks={['bluesky']}
        blockedReason={null}
        timeZone={ZONE}
        onClose={onClose}
      />,
      // The session check the app shell has loaded (the dialog reads its features).
      { queries: [[ME_QUERY_KEY, { features: { schedule_in_a_minute: false } }]] },
    );
  });
  afterEach(() => tree.unmount());

  const field = (id: string) => tree.container.querySelector<HTMLInputElement>(`#${id}`)!;
  /** Picks the first date and time, a daily repeat, its last day, and presses Schedule. */
  async function schedule(repeatUntil: string) {
    changeValue(field('schedule-date'), '2099-07-01');
    changeValue(field('schedule-time'), '14:00');
    changeValue(tree.container.querySelector('#schedule-repeat')!, 'daily');
    changeValue(field('schedule-repeat-until'), repeatUntil);
    const submit = [...tree.container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Schedule',
    )!;
    // Inside act until the request's answer has been handled.
    await act(async () => {
      submit.click();
      await Promise.resolve();
    });
  }
  /** What the Repeat until field says under it, and whether it is marked invalid. */
  const repeatUntilState = () => {
    const input = field('schedule-repeat-until');
    const describedBy = input.getAttribute('aria-describedby');
    return {
      invalid: input.getAttribute('aria-invalid') === 'true',
      message: describedBy === null ? null : document.getElementById(describedBy)?.textContent,
    };
  };

  it('refuses a last day before the first one, with the shared message, and sends nothing', async () => {
    await schedule('2099-06-30');
    expect(repeatUntilState()).toEqual({
      invalid: true,
      message: SCHEDULE_MESSAGES.repeatUntilBeforeStart,
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes the first day itself as the last, and sends the end of that day in the zone', async () => {
    await schedule('2099-07-01');
    expect(repeatUntilState()).toEqual({ invalid: false, message: null });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(JSON.parse(init?.body as string)).toEqual({
      social_account_type: ['bluesky'],
      post_id: post.id,
      schedule_date: '2099-07-01T14:00:00.000+02:00',
      timezone: ZONE,
      repeat_type: 'daily',
      repeat_until: '2099-07-01T23:59:59.999+02:00',
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
