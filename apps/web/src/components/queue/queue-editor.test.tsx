// @vitest-environment jsdom
import { API_PATHS, QUEUE_MESSAGES, type Queue } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeValue, render } from '../../test/render';
import { QueueEditor } from './queue-editor';

const COMPANY = {
  id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f',
  name: 'Harbor Coffee',
  social_credentials: [
    {
      social_account: { key: 'twitter' as const, name: 'X' },
      account_name: '@harbor',
      connected_at: '2026-01-01T00:00:00.000Z',
      reconnect_before: null,
    },
    {
      social_account: { key: 'bluesky' as const, name: 'Bluesky' },
      account_name: 'harbor.bsky.social',
      connected_at: '2026-01-01T00:00:00.000Z',
      reconnect_before: null,
    },
  ],
};
// Wednesday 4 March 2026, noon UTC: New York springs forward on Sunday 8 March.
const NOW = Date.parse('2026-03-04T12:00:00Z');
const SAVED: Queue = {
  timezone: 'America/New_York',
  slots: [
    { weekday: 0, time: '09:00', networks: null },
    { weekday: 1, time: '08:30', networks: ['bluesky'] },
  ],
  next: [],
};

function renderEditor() {
  return render(<QueueEditor company={COMPANY} queue={SAVED} now={NOW} />);
}

const byLabel = <T extends HTMLElement>(root: ParentNode, selector: string) => {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`nothing at ${selector}`);
  return found;
};
const buttonNamed = (root: ParentNode, name: string) => {
  const found = [...root.querySelectorAll('button')].find(
    (button) => button.getAttribute('aria-label') === name || button.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const dayText = (root: ParentNode, day: string) =>
  root.querySelector(`ul[aria-label="${day} slots"]`)?.textContent ?? '';
const nextSlots = (root: ParentNode) =>
  [...root.querySelectorAll('ol[aria-label="Next slots"] li')].map((item) => item.textContent);

describe('the queue editor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('shows the week with each slot and its networks, and the next slots in the zone', () => {
    const { container, unmount } = renderEditor();
    expect(dayText(container, 'Sunday')).toContain('09:00');
    expect(dayText(container, 'Sunday')).toContain('All networks');
    expect(dayText(container, 'Monday')).toContain('08:30');
    expect(dayText(container, 'Monday')).toContain('Bluesky');
    expect(container.querySelector('ul[aria-label="Tuesday slots"]')).toBeNull();
    expect(byLabel<HTMLSelectElement>(container, '#queue-timezone').value).toBe('America/New_York');
    expect(container.textContent).toContain('Next slots (in America/New_York)');
    // 09:00 before and after the change, in the zone's own clock.
    expect(nextSlots(container).slice(0, 3)).toEqual([
      'Sunday, Mar 8, 2026 9:00 AM',
      'Monday, Mar 9, 2026 8:30 AM',
      'Sunday, Mar 15, 2026 9:00 AM',
    ]);
    expect(nextSlots(container)).toHaveLength(10);
    unmount();
  });

  it('adds a time (merging a duplicate), refuses a bad one, and removes one by its labelled button', () => {
    const { container, unmount } = renderEditor();
    const form = byLabel<HTMLFormElement>(container, 'form[aria-label="Add a slot"]');
    changeValue(byLabel<HTMLSelectElement>(form, '#queue-weekday'), '2');
    changeValue(byLabel<HTMLInputElement>(form, '#queue-time'), '17:45');
    const xOnly = [...form.querySelectorAll('label')].find(
      (label) => label.textContent === 'X/Twitter',
    );
    act(() => xOnly?.querySelector('input')?.click());
    act(() => buttonNamed(form, 'Add time').click());
    expect(dayText(container, 'Tuesday')).toContain('17:45');
    expect(dayText(container, 'Tuesday')).toContain('17:45X/Twitter');

    // The same day and time for Bluesky joins the slot's networks.
    act(() => xOnly?.querySelector('input')?.click());
    const bluesky = [...form.querySelectorAll('label')].find((l) => l.textContent === 'Bluesky');
    act(() => bluesky?.querySelector('input')?.click());
    act(() => buttonNamed(form, 'Add time').click());
    expect(container.querySelectorAll('ul[aria-label="Tuesday slots"] li')).toHaveLength(1);
    expect(dayText(container, 'Tuesday')).toContain('X/Twitter, Bluesky');

    changeValue(byLabel<HTMLInputElement>(form, '#queue-time'), '');
    act(() => buttonNamed(form, 'Add time').click());
    expect(form.textContent).toContain(QUEUE_MESSAGES.badTime);
    const time = byLabel<HTMLInputElement>(form, '#queue-time');
    expect(time.getAttribute('aria-invalid')).toBe('true');

    act(() => buttonNamed(container, 'Remove Sunday 09:00').click());
    expect(container.querySelector('ul[aria-label="Sunday slots"]')).toBeNull();
    expect(nextSlots(container)[0]).toBe('Monday, Mar 9, 2026 8:30 AM');
    unmount();
  });

  it('lists the next slots in a newly picked zone and saves the zone and slots', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Omit<Queue, 'next'>;
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'Queue saved', data: { ...body, next: [] } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = renderEditor();
    changeValue(byLabel<HTMLSelectElement>(container, '#queue-timezone'), 'Europe/London');
    expect(container.textContent).toContain('Next slots (in Europe/London)');
    expect(nextSlots(container)[0]).toBe('Sunday, Mar 8, 2026 9:00 AM');
    await act(async () => {
      buttonNamed(container, 'Save queue').click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api${API_PATHS.companyQueue.replace(':id', COMPANY.id)}`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({
      timezone: 'Europe/London',
      slots: SAVED.slots,
    });
    unmount();
  });
});
