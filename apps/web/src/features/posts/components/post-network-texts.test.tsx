// @vitest-environment jsdom
import { POST_VARIANT_MESSAGES, type Company, type NetworkId } from '@cadence/shared';
import { act, useEffect } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { changeValue, render, type Rendered } from '../../../test/render';
import type { PostFormValues } from '../utils/post-form-values';
import { toPostFields, toPostFormValues } from '../utils/post-form-values';
import { PostNetworkTexts } from './post-network-texts';
import { PostPreview } from './post-preview';

const COMPANY_ID = '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f';
const SHARED = `${'A longer text written for the professional networks. '.repeat(6)}The end.`;
const NETWORKS: NetworkId[] = ['twitter', 'linkedIn', 'bluesky'];
// The preview reads only the entity's name and logo.
const COMPANY = { id: COMPANY_ID, name: 'Harbor Coffee', logo_url: null } as unknown as Company;

let latest: PostFormValues | null = null;

/** The post form's text per network beside its preview, on one form as the post form wires them. */
function Harness({ networks = NETWORKS }: { networks?: NetworkId[] }) {
  const form = useForm<PostFormValues>({
    defaultValues: { ...toPostFormValues(null, COMPANY_ID, 'UTC'), content: SHARED },
  });
  const values = useWatch({ control: form.control }) as PostFormValues;
  useEffect(() => {
    latest = values;
  }, [values]);
  return (
    <FormProvider {...form}>
      <PostNetworkTexts networks={networks} link="" hasMedia={false} />
      <PostPreview company={COMPANY} networks={networks} media={null} />
    </FormProvider>
  );
}

const buttonNamed = (tree: Rendered, name: string) =>
  [...tree.container.querySelectorAll('button')].find((button) => button.textContent === name);
const click = (element: HTMLElement | undefined) =>
  act(() => {
    element!.click();
  });

describe('text per network in the post form', () => {
  let tree: Rendered;
  afterEach(() => tree.unmount());

  it("'Customize for X' copies the shared text into an X-only field, counted against X's limit", () => {
    tree = render(<Harness />);
    expect(tree.container.querySelector('#variant-twitter')).toBeNull();
    click(buttonNamed(tree, POST_VARIANT_MESSAGES.customize('X')));

    const field = tree.container.querySelector<HTMLTextAreaElement>('#variant-twitter')!;
    expect(field.value).toBe(SHARED);
    expect(tree.container.querySelector('label[for="variant-twitter"]')?.textContent).toContain(
      'Text for X',
    );
    // 326 characters on X, which allows 280: its own counter and the preview say so.
    expect(document.getElementById('variant-twitter-room')?.textContent).toBe('46 over');
    changeValue(field, 'Short and sweet for X');
    expect(document.getElementById('variant-twitter-room')?.textContent).toBe(
      `${280 - 'Short and sweet for X'.length} left`,
    );
    const room = tree.container.querySelector('[aria-label="Characters left per network"]')!;
    const xRow = [...room.querySelectorAll('li')].find((row) => row.textContent?.includes('X'))!;
    expect(xRow.textContent).toContain('(own text)');
    expect(xRow.textContent).toContain('Short and sweet for X');
    expect(xRow.textContent).toContain('259 left');
    // LinkedIn still counts the shared text.
    const linkedIn = [...room.querySelectorAll('li')].find((row) =>
      row.textContent?.includes('LinkedIn'),
    )!;
    expect(linkedIn.textContent).toContain(`${3000 - SHARED.length} left`);
    expect(toPostFields(latest!, NETWORKS, 'UTC').variants).toEqual({
      twitter: { content: 'Short and sweet for X' },
    });
  });

  it("'Use the shared text' drops the network's own text", () => {
    tree = render(<Harness />);
    click(buttonNamed(tree, POST_VARIANT_MESSAGES.customize('Bluesky')));
    expect(tree.container.querySelector('#variant-bluesky')).not.toBeNull();
    click(buttonNamed(tree, POST_VARIANT_MESSAGES.useShared));
    expect(tree.container.querySelector('#variant-bluesky')).toBeNull();
    expect(buttonNamed(tree, POST_VARIANT_MESSAGES.customize('Bluesky'))).toBeDefined();
    expect(toPostFields(latest!, NETWORKS, 'UTC').variants).toEqual({});
  });

  it('adds thread parts for thread networks and a first comment for comment networks', () => {
    tree = render(<Harness networks={['twitter', 'facebook']} />);
    click(buttonNamed(tree, 'Add a part'));
    click(buttonNamed(tree, 'Add a part'));
    changeValue(tree.container.querySelector('#thread-0')!, 'Second part');
    changeValue(tree.container.querySelector('#thread-1')!, 'x'.repeat(281));
    expect(document.getElementById('thread-1-room')?.textContent).toBe('1 over');
    changeValue(tree.container.querySelector('#post-first-comment')!, '  Link in the comments  ');
    const fields = toPostFields(latest!, ['twitter', 'facebook'], 'UTC');
    expect(fields.thread).toEqual(['Second part', 'x'.repeat(281)]);
    expect(fields.first_comment).toBe('Link in the comments');
    click(buttonNamed(tree, 'Remove part 2'));
    expect(toPostFields(latest!, ['twitter'], 'UTC').thread).toEqual(['x'.repeat(281)]);
  });

  it('offers no thread without a thread network, and no comment without a comment network', () => {
    tree = render(<Harness networks={['linkedIn']} />);
    expect(buttonNamed(tree, 'Add a part')).toBeUndefined();
    expect(tree.container.querySelector('#post-first-comment')).not.toBeNull();
    tree.unmount();
    tree = render(<Harness networks={['bluesky']} />);
    expect(tree.container.querySelector('#post-first-comment')).toBeNull();
    expect(buttonNamed(tree, 'Add a part')).toBeDefined();
  });
});
