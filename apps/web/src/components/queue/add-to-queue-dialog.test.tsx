// @vitest-environment jsdom
import { API_PATHS, QUEUE_MESSAGES, SCHEDULE_MESSAGES, type Company } from '@cadence/shared';
import { act } from 'react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { QUEUE_QUERY_KEY } from '../../lib/queries/queue';
import { AddToQueueDialog } from './add-to-queue-dialog';

const COMPANY_ID = '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f';
const POST = {
  id: '5d0c2f4e-8a7b-4c1d-9e2f-3a4b5c6d7e8f',
  company_id: COMPANY_ID,
  content: 'Fresh beans on Friday',
  attachments: [],
};
const credential = (key: 'twitter' | 'bluesky' | 'instagram') => ({
  social_account: { key, name: key },
  account_name: null,
  connected_at: '2026-01-01T00:00:00.000Z',
  reconnect_before: null,
});
const COMPANY = {
  id: COMPANY_ID,
  name: 'Harbor',
  social_credentials: [credential('twitter'), credential('bluesky'), credential('instagram')],
} as unknown as Company;

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function open(onClose = vi.fn()) {
  const tree = render(<AddToQueueDialog post={POST} companies={[COMPANY]} onClose={onClose} />, {
    queries: [
      [[...QUEUE_QUERY_KEY, COMPANY_ID], { timezone: 'Europe/London', slots: [], next: [] }],
    ],
  });
  const dialog = document.querySelector('[role="dialog"]');
  if (!dialog) throw new Error('no dialog');
  return { tree, dialog, onClose };
}
const submit = async (dialog: Element) => {
  const button = [...dialog.querySelectorAll('button')].find(
    (item) => item.textContent?.trim() === 'Add to queue',
  );
  await act(async () => {
    button?.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
};

describe('the Add to queue dialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('sends the ticked networks (Instagram needs media, so not it) and says when it goes out in the queue’s zone', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue('toast');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(201, {
        success: true,
        message: QUEUE_MESSAGES.added,
        data: { id: 's1', instances: [{ scheduled_for: '2026-03-29T08:00:00.000Z' }] },
      }),
    );
    const { tree, dialog, onClose } = open();
    expect(dialog.textContent).toContain('(times in Europe/London)');
    const instagram = [...dialog.querySelectorAll('label')].find((label) =>
      label.textContent?.includes('Instagram'),
    );
    expect(instagram?.querySelector('input')?.disabled).toBe(true);
    await submit(dialog);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(`/api${API_PATHS.postQueue.replace(':id', POST.id)}`);
    expect(JSON.parse(init?.body as string)).toEqual({ networks: ['twitter', 'bluesky'] });
    // 08:00 UTC on 29 March 2026 is 09:00 BST in London.
    expect(success).toHaveBeenCalledWith(
      QUEUE_MESSAGES.goesOut('Sunday, Mar 29, 2026 9:00 AM (Europe/London)'),
    );
    expect(onClose).toHaveBeenCalled();
    tree.unmount();
  });

  it('asks for a network when none is ticked', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { tree, dialog } = open();
    for (const box of dialog.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
      if (box.checked) act(() => box.click());
    }
    await submit(dialog);
    expect(dialog.textContent).toContain(SCHEDULE_MESSAGES.selectPlatform);
    expect(fetchSpy).not.toHaveBeenCalled();
    tree.unmount();
  });

  it('shows NO_OPEN_SLOT in place with a way to the queue editor', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(422, {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: QUEUE_MESSAGES.noOpenSlot,
        code: 'NO_OPEN_SLOT',
      }),
    );
    const { tree, dialog, onClose } = open();
    await submit(dialog);
    const alert = dialog.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(
      'No open slot in the next 90 days: add slots to the queue',
    );
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe(`/companies?queue=${COMPANY_ID}`);
    expect(onClose).not.toHaveBeenCalled();
    tree.unmount();
  });
});
