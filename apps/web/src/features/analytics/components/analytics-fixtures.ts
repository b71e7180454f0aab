import type { AnalyticsSummary, BestHoursCell, Company } from '@cadence/shared';

// Test data for the Analytics screen, shaped as the server answers it.

export const ZONE = 'America/New_York';
/** Noon in New York on Nov 20, 2026: the 30-day period runs Oct 22 to Nov 20. */
export const NOW = Date.parse('2026-11-20T17:00:00.000Z');

export const ENTITY: Company = {
  id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Harbor Coffee',
  website: 'https://harbor.example',
  industry: 'Food & Beverage',
  custom_industry: null,
  description: null,
  logo_url: null,
  social_credentials: [],
  created_at: '2026-09-01T10:00:00.000Z',
  updated_at: '2026-09-01T10:00:00.000Z',
};

const DAYS = 30;
const ZERO = { posts_published: 0, impressions: 0, engagements: 0, clicks: 0, followers_gained: 0 };

/** Oct 22 … Nov 20, 2026, a post most days, numbers that grow. */
function series() {
  return Array.from({ length: DAYS }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 22 + index)).toISOString().slice(0, 10);
    const posts = index % 3 === 0 ? 0 : 1;
    return {
      date,
      posts_published: posts,
      impressions: posts * (400 + index * 10),
      engagements: posts * (20 + index),
      clicks: posts * (3 + (index % 4)),
    };
  });
}

/** Tuesday 9 AM is the best slot (weekday 2; 0 is Sunday). */
const CELLS: BestHoursCell[] = [
  { weekday: 2, hour: 9, average_engagement: 48.5, posts: 4 },
  { weekday: 2, hour: 13, average_engagement: 21, posts: 3 },
  { weekday: 4, hour: 18, average_engagement: 12.25, posts: 6 },
  { weekday: 6, hour: 10, average_engagement: 3, posts: 7 },
  { weekday: 0, hour: 20, average_engagement: 5, posts: 2 },
];

export function summary(overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    posts_published: 24,
    impressions: 12_840,
    engagements: 1_032,
    clicks: 96,
    followers_gained: 57,
    previous: {
      posts_published: 20,
      impressions: 10_700,
      engagements: 1_290,
      clicks: 96,
      followers_gained: 0,
    },
    series: series(),
    by_network: [
      {
        network: 'twitter',
        posts_published: 10,
        impressions: 8_200,
        engagements: 610,
        clicks: 58,
        followers: 1_240,
      },
      {
        network: 'linkedIn',
        posts_published: 8,
        impressions: 0,
        engagements: 250,
        clicks: 22,
        followers: null,
      },
      {
        network: 'bluesky',
        posts_published: 6,
        impressions: 4_640,
        engagements: 172,
        clicks: 16,
        followers: 310,
      },
    ],
    top_posts: [
      {
        post_id: '0d9a1f4e-1111-4a2b-8c3d-4e5f6a7b8c9d',
        publication_id: 'a1b2c3d4-1111-4000-8000-000000000001',
        network: 'twitter',
        content: 'Our winter blend is back: dark chocolate, orange peel and a long, smoky finish.',
        published_at: '2026-11-17T14:00:00.000Z',
        url: 'https://x.com/harborcoffee/status/1860000000000000001',
        likes: 180,
        comments: 22,
        shares: 41,
        impressions: 5_210,
        engagements: 243,
      },
      {
        post_id: '0d9a1f4e-2222-4a2b-8c3d-4e5f6a7b8c9d',
        publication_id: 'a1b2c3d4-2222-4000-8000-000000000002',
        network: 'linkedIn',
        content: 'We are hiring two baristas for the harbour shop.',
        published_at: '2026-11-10T15:30:00.000Z',
        url: null,
        likes: 96,
        comments: 14,
        shares: 0,
        impressions: null,
        engagements: 110,
      },
    ],
    best_hours: { needed: 0, cells: CELLS },
    ...overrides,
  };
}

/** Nothing published in either period. */
export function emptySummary(): AnalyticsSummary {
  return {
    ...ZERO,
    previous: ZERO,
    series: series().map((point) => ({
      ...point,
      posts_published: 0,
      impressions: 0,
      engagements: 0,
      clicks: 0,
    })),
    by_network: [],
    top_posts: [],
    best_hours: { needed: 20, cells: [] },
  };
}
