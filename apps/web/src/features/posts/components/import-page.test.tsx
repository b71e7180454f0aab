// @vitest-environment jsdom
import {
  API_PATHS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportResult,
  type ImportRow,
} from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { ImportPage } from './import-page';

const ENTITY = { id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f', name: 'Harbor Coffee' };
const good: ImportRow = {
  line: 2,
  ok: true,
  errors: [],
  post: {
    id: null,
    entity: ENTITY,
    content: 'Fresh beans on Monday',
    url: null,
    networks: ['linkedIn', 'twitter'],
    scheduled_for: '2026-03-02T09:30:00.000Z',
    timezone: 'Europe/London',
    status: 'scheduled',
    media_url: null,
    first_comment: null,
  },
};
const bad: ImportRow = {
  line: 3,
  ok: false,
  errors: [IMPORT_MESSAGES.badDate('2026-02-30'), IMPORT_MESSAGES.unknownNetwork('myspace')],
  post: null,
};

function renderPage(bulk: boolean) {
  return render(<ImportPage />, {
    queries: [[ME_QUERY_KEY, { features: { bulk_scheduling: bulk } }]],
    route: '/posts/import',
  });
}

/** Answers every fetch with `status` and `body`, keeping the calls. */
function answer(status: number, body: object) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Chooses `file` in the page's file input, then waits for the check to answer. */
async function choose(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const button = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);

describe('the import screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without bulk scheduling on the plan, offers the upgrade instead of the upload', () => {
    const { container, unmount } = renderPage(false);
    expect(container.textContent).toContain('Available on Business: Upgrade');
    expect(container.querySelector('a[href="/subscriptions"]')).not.toBeNull();
    expect(container.querySelector('input[type="file"]')).toBeNull();
    unmount();
  });

  it('checks the chosen file with a dry run and lists each row with its errors', async () => {
    const result: ImportResult = { rows: [good, bad] };
    const fetchMock = answer(200, { message: 'File checked', data: result });
    const { container, unmount } = renderPage(true);
    await choose(container, new File(['entity,content\n'], 'posts.csv', { type: 'text/csv' }));

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${API_PATHS.postImport}?dry_run=true`);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);

    const rows = [...container.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows[0]).toContain('Ready');
    expect(rows[0]).toContain('Harbor Coffee');
    expect(rows[0]).toContain('LinkedIn, X/Twitter');
    expect(rows[0]).toContain('Mar 2, 2026, 09:30 (Europe/London)');
    expect(rows[1]).toContain(IMPORT_MESSAGES.badDate('2026-02-30'));
    expect(rows[1]).toContain(IMPORT_MESSAGES.unknownNetwork('myspace'));
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      IMPORT_MESSAGES.someInvalid(1, 2),
    );
    // Nothing is imported until every row is ready.
    expect(button(container, 'Import 2 posts')?.disabled).toBe(true);
    unmount();
  });

  it('imports every row once all are ready', async () => {
    const fetchMock = answer(200, { message: 'File checked', data: { rows: [good] } });
    const { container, unmount } = renderPage(true);
    await choose(container, new File(['x'], 'posts.csv', { type: 'text/csv' }));
    const importButton = button(container, 'Import 1 post');
    expect(importButton?.disabled).toBe(false);
    answer(201, {
      message: '1 post imported',
      data: { rows: [{ ...good, post: { ...good.post!, id: 'x' } }] },
    });
    await act(async () => {
      importButton?.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const last = (globalThis.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(last[0]).toBe(`/api${API_PATHS.postImport}`);
    unmount();
  });

  it('says what is wrong with a file the server cannot read', async () => {
    answer(400, {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: IMPORT_MESSAGES.noHeader,
    });
    const { container, unmount } = renderPage(true);
    await choose(container, new File(['Acme,hello'], 'posts.csv', { type: 'text/csv' }));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(IMPORT_MESSAGES.noHeader);
    expect(container.querySelector('table')).toBeNull();
    unmount();
  });

  it('refuses a file over the size limit before sending it', async () => {
    const fetchMock = answer(200, {});
    const { container, unmount } = renderPage(true);
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await choose(container, big);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(IMPORT_MESSAGES.tooBig);
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
  });

  it('offers the template file and names the columns', () => {
    const { container, unmount } = renderPage(true);
    expect(button(container, 'Download the template')).toBeTruthy();
    expect(container.querySelector('dl')?.textContent).toContain('first_comment');
    unmount();
  });
});
