// @vitest-environment jsdom
import { ACCOUNT_MESSAGES, type StorageUsage } from '@cadence/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { MediaField } from './media-field';
import { STORAGE_USAGE_QUERY_KEY } from '../../../lib/queries/storage';
import { render, type Rendered } from '../../../test/render';
import { storageProblem } from '../../../components/ui/storage-meter';

const MB = 1024 * 1024;
const usage = (used: number, allowed: number | null): StorageUsage => ({
  used_bytes: used,
  allowed_bytes: allowed,
  plan_name: 'Free',
});

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

describe('the storage meter where media is chosen', () => {
  it("says 'X MB of Y MB used' beside the media picker, from the plan's limit", () => {
    rendered = render(<MediaField preview={null} onChoose={() => {}} onRemove={() => {}} />, {
      queries: [[STORAGE_USAGE_QUERY_KEY, usage(42 * MB, 100 * MB)]],
    });
    const meter = rendered.container.querySelector('[role="meter"]');
    expect(meter?.getAttribute('aria-label')).toBe('Storage');
    expect(meter?.getAttribute('aria-valuetext')).toBe('42 MB of 100 MB used');
    expect(rendered.container.textContent).toContain('42 MB of 100 MB used');
  });

  it('is not shown on a plan without a storage limit', () => {
    rendered = render(<MediaField preview={null} onChoose={() => {}} onRemove={() => {}} />, {
      queries: [[STORAGE_USAGE_QUERY_KEY, usage(42 * MB, null)]],
    });
    expect(rendered.container.querySelector('[role="meter"]')).toBeNull();
  });

  it("refuses the upload that would go over, with the server's words, and lets one that fits through", () => {
    expect(storageProblem(usage(95 * MB, 100 * MB), 6 * MB)).toBe(
      ACCOUNT_MESSAGES.storageFull('100 MB', 'Free'),
    );
    expect(storageProblem(usage(95 * MB, 100 * MB), 5 * MB)).toBeNull();
    expect(storageProblem(usage(95 * MB, null), 500 * MB)).toBeNull();
    // Not known yet: the server decides.
    expect(storageProblem(undefined, 500 * MB)).toBeNull();
  });

  it('an over-the-limit file chosen in the picker is not taken', () => {
    const chosen: File[] = [];
    rendered = render(
      <MediaField preview={null} onChoose={(file) => chosen.push(file)} onRemove={() => {}} />,
      { queries: [[STORAGE_USAGE_QUERY_KEY, usage(99 * MB, 100 * MB)]] },
    );
    const input = rendered.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const pick = (size: number) => {
      const file = new File(['x'], 'photo.png', { type: 'image/png' });
      Object.defineProperty(file, 'size', { value: size });
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    pick(2 * MB);
    expect(chosen).toEqual([]);
    pick(512 * 1024);
    expect(chosen.map((file) => file.name)).toEqual(['photo.png']);
  });
});
