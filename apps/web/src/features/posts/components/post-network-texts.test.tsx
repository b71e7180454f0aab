// @vitest-environment jsdom
import {
  API_PATHS,
  NETWORK_MEDIA_RULES,
  POST_VARIANT_MESSAGES,
  type Company,
  type NetworkId,
} from '@cadence/shared';
import { act, useEffect } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  /** Chooses `file` in the file input `id`, as a person picking it does. */
  const chooseFile = (id: string, file: File) =>
    act(async () => {
      const input = tree.container.querySelector<HTMLInputElement>(`#${id}`)!;
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });

  it('a customized network gets its own media picker: the file is uploaded and the post names it for that network only', async () => {
    const uploaded = {
      id: '5d7f0c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
      media_url: '/uploads/media/own.png',
      name: 'own.png',
      mime_type: 'image/png',
    };
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith(API_PATHS.postMedia)
          ? new Response(JSON.stringify({ message: 'Media uploaded', data: uploaded }), {
              status: 201,
              headers: { 'content-type': 'application/json' },
            })
          : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      tree = render(<Harness />);
      expect(tree.container.querySelector('#variant-twitter-media')).toBeNull();
      click(buttonNamed(tree, POST_VARIANT_MESSAGES.customize('X')));
      const label = tree.container.querySelector('label[for="variant-twitter-media"]');
      expect(label?.textContent).toBe(POST_VARIANT_MESSAGES.ownMedia('X'));
      const input = tree.container.querySelector<HTMLInputElement>('#variant-twitter-media')!;
      expect(input.accept).toBe(Object.keys(NETWORK_MEDIA_RULES.twitter.types).join(','));
      // The buttons say whose file they pick (the post's own picker says 'Add Media').
      const add = tree.container.querySelector('button[aria-label="Add Media for X"]');
      expect(add?.textContent).toBe('Add Media');

      await chooseFile(
        'variant-twitter-media',
        new File([new Uint8Array(64)], 'own.png', { type: 'image/png' }),
      );
      const uploads = fetchMock.mock.calls.filter(([url]) => url.endsWith(API_PATHS.postMedia));
      expect(uploads).toHaveLength(1);
      const [url, init] = uploads[0] as unknown as [string, RequestInit];
      expect(url).toBe(`/api${API_PATHS.postMedia}`);
      expect(init.method).toBe('POST');
      expect((init.body as FormData).get('media')).toBeInstanceOf(File);
      expect(
        tree.container.querySelector<HTMLImageElement>('img[alt="Media preview"]')?.src,
      ).toContain(uploaded.media_url);
      expect(toPostFields(latest!, NETWORKS, 'UTC').variants).toEqual({
        twitter: { content: SHARED, media_ids: [uploaded.id] },
      });

      // 'Remove Media' takes it off again; 'Use the shared text' drops text and file.
      click(
        tree.container.querySelector<HTMLButtonElement>('button[aria-label="Remove Media for X"]')!,
      );
      expect(toPostFields(latest!, NETWORKS, 'UTC').variants).toEqual({
        twitter: { content: SHARED },
      });
      await chooseFile(
        'variant-twitter-media',
        new File([new Uint8Array(64)], 'own.png', { type: 'image/png' }),
      );
      click(buttonNamed(tree, POST_VARIANT_MESSAGES.useShared));
      expect(toPostFields(latest!, NETWORKS, 'UTC').variants).toEqual({});
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses, before uploading, a file the network does not take', async () => {
    const fetchMock = vi.fn((_url: string) =>
      Promise.resolve(
        new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      tree = render(<Harness />);
      click(buttonNamed(tree, POST_VARIANT_MESSAGES.customize('Bluesky')));
      await chooseFile(
        'variant-bluesky-media',
        new File([new Uint8Array(64)], 'clip.mp4', { type: 'video/mp4' }),
      );
      expect(fetchMock.mock.calls.some(([url]) => url.endsWith(API_PATHS.postMedia))).toBe(false);
      expect(toPostFields(latest!, NETWORKS, 'UTC').variants).toEqual({
        bluesky: { content: SHARED },
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
