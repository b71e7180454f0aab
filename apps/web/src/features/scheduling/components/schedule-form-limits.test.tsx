// @vitest-environment jsdom
import { POST_VARIANT_MESSAGES, type NetworkId, type Post } from '@cadence/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { render, type Rendered } from '../../../test/render';
import { ScheduleForm } from './schedule-form';

// 416 characters: too long for X (280) and Bluesky (300), fine for LinkedIn (3,000).
const LONG =
  `${'Our spring menu is here, with new coffees from three farms. '.repeat(7)}Come by!`.slice(
    0,
    416,
  );
const POST: Post = {
  id: '7d3c1f0e-8a4b-4c2d-9e1f-0a1b2c3d4e5f',
  company_id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f',
  company: { id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f', name: 'Harbor Coffee', logo_url: null },
  content: LONG,
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
const NETWORKS: NetworkId[] = ['twitter', 'linkedIn', 'bluesky'];

describe('the Schedule dialog and each network’s limit', () => {
  let tree: Rendered;
  afterEach(() => tree.unmount());

  const open = (post: Post) => {
    tree = render(
      <ScheduleForm
        post={post}
        networks={NETWORKS}
        blockedReason={null}
        timeZone="UTC"
        onClose={() => undefined}
      />,
      { queries: [[ME_QUERY_KEY, { features: { schedule_in_a_minute: false } }]] },
    );
  };
  const ticked = () =>
    [...tree.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
      .filter((box) => box.checked)
      .map((box) => box.closest('label')?.textContent ?? '');

  it('does not tick a network the text is over, says so and offers to customize it', () => {
    open(POST);
    const checked = ticked();
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain('LinkedIn');
    const notes = tree.container.querySelector('[aria-label="Over the network\'s limit"]')!;
    expect(notes.textContent).toContain(POST_VARIANT_MESSAGES.overLimitInDialog('X', 416, 280));
    expect(notes.textContent).toContain(
      POST_VARIANT_MESSAGES.overLimitInDialog('Bluesky', 416, 300),
    );
    const links = [...notes.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual([
      POST_VARIANT_MESSAGES.customize('X'),
      POST_VARIANT_MESSAGES.customize('Bluesky'),
    ]);
    expect(links[0]?.getAttribute('href')).toBe(`/posts?post=${POST.id}&customize=twitter`);
  });

  it('ticks a network whose own text fits, and names only the one still over', () => {
    open({ ...POST, variants: { twitter: { content: 'Spring menu is here. Come by!' } } });
    const checked = ticked();
    expect(checked.some((label) => label.includes('X'))).toBe(true);
    expect(checked.some((label) => label.includes('Bluesky'))).toBe(false);
    const notes = tree.container.querySelector('[aria-label="Over the network\'s limit"]')!;
    expect(notes.querySelectorAll('li')).toHaveLength(1);
    expect(notes.textContent).toContain('Bluesky');
  });
});
