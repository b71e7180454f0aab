// The scheduling API faked for screenshots: posts, scheduled posts, the calendar and settings,
// answered like the server does (filters, pages, deletes and new schedules included).

/** Screenshots of /scheduling run with the clock fixed here (12:00 in Berlin). */
export const SCHEDULING_NOW = new Date('2025-07-15T10:00:00.000Z');
export const SCHEDULING_ZONE = 'Europe/Berlin';

const MEDIA = {
  'harbour.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#bae6fd"/><circle cx="60" cy="20" r="9" fill="#fde047"/><path d="M0 55l20-18 18 14 16-10 26 16v23H0z" fill="#0369a1"/></svg>',
  'chart.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#f0fdfa"/><path d="M12 64h56M18 58V40M32 58V26M46 58V34M60 58V16" stroke="#0f766e" stroke-width="8"/></svg>',
  'honey.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#fef3c7"/><path d="M40 14l20 12v24L40 62 20 50V26z" fill="#f59e0b"/></svg>',
};

export function mediaSvg(name) {
  return MEDIA[name];
}

const image = (id, name) => ({
  id,
  media_url: `/uploads/media/${name}`,
  name,
  mime_type: 'image/svg+xml',
});

const brief = (company) =>
  company === null ? null : { id: company.id, name: company.name, logo_url: company.logo_url };

function buildPosts(companies) {
  const [northwind, honeycomb, lakeside] = companies;
  const post = (id, company, content, extra = {}) => ({
    id: `7a1c0000-0000-4000-8000-0000000000${id}`,
    company_id: company?.id ?? null,
    company: company === null ? null : brief(company),
    content,
    url: null,
    shortened_url: null,
    url_shortened: false,
    scheduled_for: null,
    tone: 'professional',
    platforms: [],
    status: 'draft',
    attachments: [],
    has_schedules: false,
    created_at: `2025-07-${String(20 - Number(id)).padStart(2, '0')}T08:15:00.000Z`,
    updated_at: '2025-07-10T08:15:00.000Z',
    ...extra,
  });
  return [
    post(
      '01',
      northwind,
      'Retail forecasting doesn’t have to be guesswork. Our new weekly demand report shows which products will sell out before the weekend — and which will sit on the shelf. 📈 #retail #analytics',
      {
        url: 'northwind-analytics.com/blog/weekly-demand',
        attachments: [image('a1', 'chart.svg'), image('a2', 'harbour.svg')],
        has_schedules: true,
      },
    ),
    post(
      '02',
      honeycomb,
      'Our rooftop hives produced 40 jars of wildflower honey this month! Join the Saturday workshop to learn how city bees thrive. 🐝',
      { attachments: [image('a3', 'honey.svg')], has_schedules: true },
    ),
    post(
      '03',
      lakeside,
      'Evening appointments are back from August. Book a check-up for the whole family after school or work.',
    ),
    post('04', northwind, 'Five dashboards every store manager should open on Monday morning.', {
      url: 'https://www.northwind-analytics.com/guides/monday',
      has_schedules: true,
    }),
    post('05', null, 'A draft without an entity: it cannot be scheduled yet.'),
    post('06', honeycomb, 'Beekeeping starter kits are back in stock.'),
  ];
}

function buildInstances(posts) {
  const data = (network, name, status, extra = {}) => ({
    network,
    social_account: { name },
    status,
    external_url: null,
    error: null,
    attempts: status === 'pending' ? 0 : 1,
    published_at: null,
    ...extra,
  });
  let n = 0;
  const instance = (post, scheduledFor, items, repeat = null) => {
    n += 1;
    return {
      id: `5c3d0000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
      schedule_id: `5c3d0000-0000-4000-9000-0000000000${String(n).padStart(2, '0')}`,
      scheduled_for: scheduledFor,
      status: 'pending',
      repeat_type: repeat,
      post: {
        id: post.id,
        content: post.content,
        url: post.url,
        attachments: post.attachments,
        company: post.company,
      },
      schedule_data: items,
    };
  };
  const [first, second, , fourth] = posts;
  return [
    instance(first, '2025-07-10T07:00:00.000Z', [
      data('bluesky', 'Bluesky', 'published', {
        external_url: 'https://bsky.app/profile/northwind.bsky.social/post/3kx2',
        published_at: '2025-07-10T07:00:04.000Z',
      }),
      data('twitter', 'X/Twitter', 'failed', {
        error: 'X rejected the post: duplicate content',
        attempts: 4,
      }),
    ]),
    instance(second, '2025-07-14T16:30:00.000Z', [data('facebook', 'Facebook', 'unconfirmed')]),
    instance(fourth, '2025-07-15T06:00:00.000Z', [
      data('linkedIn', 'LinkedIn', 'missed'),
      data('bluesky', 'Bluesky', 'publishing'),
    ]),
    instance(first, '2025-07-16T07:30:00.000Z', [data('bluesky', 'Bluesky', 'pending')]),
    instance(second, '2025-07-16T09:00:00.000Z', [data('facebook', 'Facebook', 'pending')]),
    instance(fourth, '2025-07-16T12:15:00.000Z', [
      data('linkedIn', 'LinkedIn', 'pending'),
      data('twitter', 'X/Twitter', 'pending'),
    ]),
    instance(first, '2025-07-16T15:45:00.000Z', [data('twitter', 'X/Twitter', 'pending')]),
    instance(
      fourth,
      '2025-07-22T08:00:00.000Z',
      [data('linkedIn', 'LinkedIn', 'pending')],
      'weekly',
    ),
  ];
}

const dayInZone = (iso, zone) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

function paginate(rows, search) {
  const page = Number(search.get('page') ?? 1);
  const pageSize = Number(search.get('pageSize') ?? 25);
  return {
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    count: rows.length,
    page,
    pageSize,
  };
}

/**
 * State for one page: `mode` 'list' (the sample data), 'empty' (nothing yet) or 'loading'
 * (posts never answer). Returns a handler for /api paths, or undefined for paths it does not know.
 */
export function createSchedulingFake(companies, { mode = 'list' } = {}) {
  const posts = mode === 'empty' ? [] : buildPosts(companies);
  let instances = mode === 'empty' ? [] : buildInstances(posts);
  let created = 0;

  return function handle(request, path, search, { json, hold }) {
    const method = request.method();
    if (path === '/api/customer/settings' && method === 'GET') {
      return json(200, {
        message: 'Settings fetched successfully',
        data: { timezone: SCHEDULING_ZONE, auto_dst: true },
      });
    }
    if (path === '/api/customer/post' && method === 'GET') {
      if (mode === 'loading') return hold();
      const companyId = search.get('company_id');
      const rows = posts.filter((post) => !companyId || post.company_id === companyId);
      return json(200, { message: 'Posts fetched successfully', data: paginate(rows, search) });
    }
    if (path === '/api/schedules/calendar' && method === 'GET') {
      const zone = search.get('timezone') ?? 'UTC';
      const from = Date.parse(search.get('from'));
      const to = Date.parse(search.get('to'));
      const companyId = search.get('company_id');
      const byDay = new Map();
      for (const row of instances) {
        const at = Date.parse(row.scheduled_for);
        if (at < from || at > to) continue;
        if (companyId && row.post.company?.id !== companyId) continue;
        const key = dayInZone(row.scheduled_for, zone);
        const day = byDay.get(key) ?? { date: key, count: 0, posts: [] };
        day.count += 1;
        if (day.posts.length < 3) {
          day.posts.push({
            id: row.id,
            scheduled_for: row.scheduled_for,
            content: row.post.content,
          });
        }
        byDay.set(key, day);
      }
      return json(200, {
        message: 'Calendar fetched successfully',
        data: { days: [...byDay.values()] },
      });
    }
    if (path === '/api/schedules' && method === 'GET') {
      const companyId = search.get('company_id');
      const from = search.get('from');
      const to = search.get('to');
      const rows = instances
        .filter((row) => !companyId || row.post.company?.id === companyId)
        .filter((row) => !from || Date.parse(row.scheduled_for) >= Date.parse(from))
        .filter((row) => !to || Date.parse(row.scheduled_for) <= Date.parse(to))
        .sort((a, b) => Date.parse(a.scheduled_for) - Date.parse(b.scheduled_for));
      return json(200, { message: 'Schedules fetched successfully', data: paginate(rows, search) });
    }
    if (path === '/api/schedules' && method === 'POST') {
      const body = request.postDataJSON();
      const post = posts.find((item) => item.id === body.post_id);
      if (post === undefined) {
        return json(404, { statusCode: 404, error: 'Not Found', message: 'Post not found' });
      }
      created += 1;
      post.has_schedules = true;
      const row = {
        id: `5c3d0000-0000-4000-8000-0000000001${String(created).padStart(2, '0')}`,
        schedule_id: `5c3d0000-0000-4000-9000-0000000001${String(created).padStart(2, '0')}`,
        scheduled_for: new Date(body.schedule_date).toISOString(),
        status: 'pending',
        repeat_type: body.repeat_type ?? null,
        post: {
          id: post.id,
          content: post.content,
          url: post.url,
          attachments: post.attachments,
          company: post.company,
        },
        schedule_data: body.social_account_type.map((network) => ({
          network,
          social_account: { name: network },
          status: 'pending',
          external_url: null,
          error: null,
          attempts: 0,
          published_at: null,
        })),
      };
      instances = [...instances, row];
      return json(201, {
        success: true,
        message: 'Post scheduled successfully',
        data: { id: row.schedule_id, instances: 1 },
      });
    }
    if (path === '/api/schedules/bulk-delete' && method === 'POST') {
      const { ids } = request.postDataJSON();
      const before = instances.length;
      instances = instances.filter((row) => !ids.includes(row.id));
      const deleted = before - instances.length;
      return json(200, { message: `${deleted} post(s) deleted`, data: { deleted } });
    }
    if (path.startsWith('/api/schedules/') && method === 'DELETE') {
      const id = path.slice('/api/schedules/'.length);
      instances = instances.filter((row) => row.id !== id);
      return json(200, { message: '1 post(s) deleted', data: { deleted: 1 } });
    }
    return undefined;
  };
}
