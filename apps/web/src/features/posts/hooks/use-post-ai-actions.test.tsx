// @vitest-environment jsdom
import { POST_MESSAGES } from '@cadence/shared';
import { act } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../../test/render';
import type { PostFormValues } from '../utils/post-form-values';
import { toPostFormValues } from '../utils/post-form-values';
import { usePostAiActions } from './use-post-ai-actions';

// The toaster asks whether motion is reduced; jsdom has no media queries.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }),
});

const COMPANY_ID = '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f';
const TYPED = 'Fresh beans on Friday, come early.';
const ENHANCED = 'Harbor Coffee roasts fresh beans every Friday: come early for the best pick.';

/** The post form's content box and its three AI helpers, as the form wires them. */
function Harness() {
  const form = useForm<PostFormValues>({
    defaultValues: { ...toPostFormValues(null, COMPANY_ID, 'UTC'), content: TYPED },
  });
  const ai = usePostAiActions(form);
  const content = useWatch({ control: form.control, name: 'content' });
  return (
    <>
      <textarea aria-label="Content" value={content} readOnly />
      <button type="button" onClick={ai.integrateCompany}>
        Add Entity Details
      </button>
      <button type="button" onClick={ai.generateHashtags}>
        Generate Hashtags
      </button>
      {ai.rewrite !== null && (
        <button type="button" onClick={ai.rewrite.undo}>
          Undo {ai.rewrite.by}
        </button>
      )}
      <Toaster />
    </>
  );
}

async function settle() {
  for (let tick = 0; tick < 5; tick += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

describe("the post form's AI helpers", () => {
  let tree: Rendered;
  const button = (name: string) =>
    [...tree.container.querySelectorAll('button')].find((item) => item.textContent === name);
  const content = () => tree.container.querySelector('textarea')?.value;

  beforeEach(() => {
    tree = render(<Harness />);
  });
  afterEach(() => {
    act(() => toast.remove());
    tree.unmount();
  });

  it("'Add Entity Details' replaces the text, and Undo puts the customer's back", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ message: 'ok', data: { content: ENHANCED } }))),
    );
    act(() => button('Add Entity Details')?.click());
    await settle();
    expect(content()).toBe(ENHANCED);
    expect(tree.container.textContent).toContain(POST_MESSAGES.integrated);

    act(() => button('Undo Add Entity Details')?.click());
    expect(content()).toBe(TYPED);
    expect(button('Undo Add Entity Details')).toBeUndefined();
    vi.unstubAllGlobals();
  });

  it('Undo after Generate Hashtags takes the added hashtags off again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json({ message: 'ok', data: { hashtags: ['#coffee', '#friday'] } }),
        ),
      ),
    );
    act(() => button('Generate Hashtags')?.click());
    await settle();
    expect(content()).not.toBe(TYPED);
    expect(content()).toContain('#coffee');

    act(() => button('Undo Generate Hashtags')?.click());
    expect(content()).toBe(TYPED);
    vi.unstubAllGlobals();
  });
});
