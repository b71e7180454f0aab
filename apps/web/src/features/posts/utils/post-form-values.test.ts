import type { Post } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import {
  appendHashtags,
  buildPostFromUrlRequest,
  fromLocalDateTime,
  PostFormSchema,
  toLocalDateTime,
  toPostFields,
  toPostFormData,
  toPostFormValues,
} from './post-form-values';

const COMPANY = '0b6f3c1e-1d1a-4f7e-9d53-1c2f1b6a0001';

const post: Post = {
  id: 'p1',
  company_id: COMPANY,
  company: { id: COMPANY, name: 'Northwind', logo_url: null },
  content: 'Hello',
  url: 'example.com/a',
  shortened_url: 'http://localhost/s/abc',
  url_shortened: true,
  scheduled_for: '2025-06-01T09:30:00.000Z',
  tone: 'casual',
  platforms: ['twitter'],
  status: 'scheduled',
  attachments: [],
  variants: {},
  thread: [],
  first_comment: null,
  has_schedules: false,
  publish_status: null,
  next_scheduled_at: null,
  created_at: '2025-05-01T09:00:00.000Z',
  updated_at: '2025-05-01T09:00:00.000Z',
};

describe('PostFormSchema', () => {
  it('marks the missing entity and content', () => {
    const result = PostFormSchema.safeParse(toPostFormValues(null, '', 'UTC'));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['company_id', 'content']);
  });

  it('refuses a link that is not http or https, as the server does', () => {
    const values = { ...toPostFormValues(post, '', 'UTC'), url: 'javascript:alert(1)' };
    const result = PostFormSchema.safeParse(values);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'URL must be an http:// or https:// address, like example.com/article',
    ]);
  });

  it('trims the url', () => {
    const values = { ...toPostFormValues(post, '', 'UTC'), url: '  example.com  ' };
    expect(PostFormSchema.parse(values).url).toBe('example.com');
  });
});

describe('date-time conversion', () => {
  it('round-trips through the datetime-local format in the customer’s zone', () => {
    const local = toLocalDateTime(post.scheduled_for, 'Europe/Berlin');
    expect(local).toBe('2025-06-01T11:30');
    expect(fromLocalDateTime(local, 'Europe/Berlin')).toBe('2025-06-01T09:30:00.000Z');
    expect(toLocalDateTime(post.scheduled_for, 'America/New_York')).toBe('2025-06-01T05:30');
    expect(fromLocalDateTime('2025-06-01T05:30', 'America/New_York')).toBe(
      '2025-06-01T09:30:00.000Z',
    );
  });

  it('gives null or blank for nothing and for nonsense', () => {
    expect(toLocalDateTime(null, 'UTC')).toBe('');
    expect(fromLocalDateTime('', 'UTC')).toBeNull();
    expect(fromLocalDateTime('not a date', 'UTC')).toBeNull();
  });
});

describe('toPostFormValues', () => {
  it('starts a new post as professional with default counts', () => {
    expect(toPostFormValues(null, COMPANY, 'UTC')).toMatchObject({
      company_id: COMPANY,
      tone: 'professional',
      emoji_count: 5,
      hashtag_count: 3,
      scheduled_for: '',
    });
  });

  it('keeps an edited post’s fields and falls back for an unknown tone', () => {
    expect(toPostFormValues(post, '', 'UTC')).toMatchObject({
      url: 'example.com/a',
      shorten_url: true,
      tone: 'casual',
    });
    expect(toPostFormValues({ ...post, tone: 'sarcastic' }, '', 'UTC').tone).toBe('professional');
  });
});

describe('buildPostFromUrlRequest', () => {
  it('sends keywords only when enabled and clamps counts', () => {
    const values = {
      ...toPostFormValues(post, '', 'UTC'),
      keywords: ' ai, retail ',
      emoji_count: 42,
      hashtag_count: Number.NaN,
      size_format: 'tweet' as const,
    };
    expect(buildPostFromUrlRequest(values)).toMatchObject({
      url: 'example.com/a',
      keywords: null,
      emoji_count: 10,
      hashtag_count: 3,
      size_format: 'tweet',
      reference_company_id: null,
    });
    expect(buildPostFromUrlRequest({ ...values, enable_keywords: true }).keywords).toBe(
      'ai, retail',
    );
  });
});

describe('appendHashtags', () => {
  it('keeps only #tags not already present, after a blank line', () => {
    expect(appendHashtags('Hello #AI', ['#ai', 'retail', '#Retail', '#', '#Data'])).toBe(
      'Hello #AI\n\n#Retail #Data',
    );
    expect(appendHashtags('', ['#one'])).toBe('#one');
    expect(appendHashtags('Same', ['nope'])).toBe('Same');
  });
});

describe('toPostFields and toPostFormData', () => {
  it('derives the status from the schedule and drops a stale shortened url', () => {
    const values = toPostFormValues(post, '', 'UTC');
    expect(toPostFields(values, ['twitter'], 'UTC')).toMatchObject({
      status: 'scheduled',
      shortened_url: 'http://localhost/s/abc',
      url_shortened: true,
    });
    const cleared = toPostFields({ ...values, scheduled_for: '', url: '' }, [], 'UTC');
    expect(cleared).toMatchObject({
      status: 'draft',
      url: null,
      shortened_url: null,
      url_shortened: false,
    });
  });

  it('puts platforms as JSON text and the media change into the multipart body', () => {
    const fields = toPostFields(toPostFormValues(post, '', 'UTC'), ['twitter', 'bluesky'], 'UTC');
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const body = toPostFormData(fields, { kind: 'replace', file }, { includeStatus: false });
    expect(body.get('platforms')).toBe('["twitter","bluesky"]');
    expect(body.get('media')).toBeInstanceOf(File);
    expect(body.has('status')).toBe(false);
    const removed = toPostFormData(fields, { kind: 'remove' }, { includeStatus: true });
    expect(removed.get('remove_media')).toBe('true');
    expect(removed.get('status')).toBe('scheduled');
  });
});
