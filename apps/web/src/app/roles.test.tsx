// @vitest-environment jsdom
import type { Company, Me, Post, ScheduleData, TeamRole } from '@cadence/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { getNavItems } from './layout/nav-items';
import { PublicationActions } from '../components/publications/publication-actions';
import { CompanyActions } from '../features/companies/components/company-actions';
import { PostActions } from '../features/posts/components/post-actions';
import { sectionsFor } from '../features/settings/components/settings-sections';
import { ME_QUERY_KEY } from '../lib/query-keys';
import { render, type Rendered } from '../test/render';

const me = (role: TeamRole): Me => ({
  id: 'u1',
  name: 'Eddie Editor',
  email: 'editor@example.com',
  is_admin: false,
  profile_image: null,
  simulated_networks: false,
  role,
  entity_ids: null,
});

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const buttons = () =>
  [...(rendered?.container.querySelectorAll('button') ?? [])].map((b) => b.textContent);

const noop = () => {};

describe("what a role is offered (the server's table, shared/roles.ts)", () => {
  it('an entity row offers its edits to managers and the owner, neither edits nor connections to an editor or viewer', () => {
    const company = { id: 'c1', name: 'Acme' } as Company;
    const handlers = {
      onEdit: noop,
      onSocials: noop,
      onQueue: noop,
      onReviewLinks: noop,
      onDelete: noop,
    };
    for (const role of ['owner', 'manager'] as const) {
      rendered = render(<CompanyActions company={company} layout="card" {...handlers} />, {
        queries: [[ME_QUERY_KEY, me(role)]],
      });
      expect(buttons()).toEqual(['Edit', 'Socials', 'Queue', 'Review links', 'Delete']);
      rendered.unmount();
    }
    for (const role of ['editor', 'viewer'] as const) {
      rendered = render(<CompanyActions company={company} layout="card" {...handlers} />, {
        queries: [[ME_QUERY_KEY, me(role)]],
      });
      expect(buttons()).toEqual([]);
      rendered.unmount();
    }
    rendered = undefined;
  });

  it('a post row offers Edit and Delete to an editor, nothing to a viewer', () => {
    const post = { id: 'p1', content: 'Hi' } as Post;
    rendered = render(<PostActions post={post} layout="card" onEdit={noop} onDelete={noop} />, {
      queries: [[ME_QUERY_KEY, me('editor')]],
    });
    expect(buttons()).toEqual(['Edit', 'Delete']);
    rendered.unmount();
    rendered = render(<PostActions post={post} layout="card" onEdit={noop} onDelete={noop} />, {
      queries: [[ME_QUERY_KEY, me('viewer')]],
    });
    expect(buttons()).toEqual([]);
  });

  it('a failed publication offers Retry to an editor, and nothing to a viewer', () => {
    const publication = {
      id: 'pub1',
      status: 'failed',
      error_code: null,
      social_account: { name: 'Acme on X' },
    } as unknown as ScheduleData;
    rendered = render(<PublicationActions publication={publication} />, {
      queries: [[ME_QUERY_KEY, me('editor')]],
    });
    expect(buttons()).toContain('Retry');
    rendered.unmount();
    rendered = render(<PublicationActions publication={publication} />, {
      queries: [[ME_QUERY_KEY, me('viewer')]],
    });
    expect(buttons()).toEqual([]);
  });

  it('members never see billing in the navigation, nor the owner-only Settings sections', () => {
    const labels = (role: TeamRole) => getNavItems(false, role).map((item) => item.label);
    expect(labels('owner')).toContain('Subscription Plans');
    for (const role of ['manager', 'editor', 'viewer'] as const) {
      expect(labels(role)).not.toContain('Subscription Plans');
      expect(labels(role)).toContain('Settings');
      const ids = sectionsFor(role).map((section) => section.id);
      expect(ids).not.toContain('subscription');
      expect(ids).not.toContain('team');
      expect(ids).not.toContain('your-data');
      expect(ids).toContain('profile');
    }
    expect(sectionsFor('owner').map((section) => section.id)).toEqual(
      expect.arrayContaining(['subscription', 'team', 'your-data']),
    );
  });
});
