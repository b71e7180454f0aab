import { describe, expect, it } from 'vitest';
import { missingPostFields, POST_MESSAGES, postStatusOf } from './posts.js';
import { PostCreateBodySchema, PostEditBodySchema, PostFieldsSchema } from './post-write.js';

describe('required post fields', () => {
  it.each([
    [{}, ['company', 'content']],
    [{ company_id: 'id' }, ['content']],
    [{ content: 'Hello' }, ['company']],
    [{ company_id: ' ', content: '\n\t' }, ['company', 'content']],
    [{ company_id: null, content: 'Hello' }, ['company']],
    [{ company_id: 'id', content: 'Hello' }, []],
  ])('%j misses %j', (fields, missing) => {
    expect(missingPostFields(fields)).toEqual(missing);
  });

  it('lists the missing ones in the message', () => {
    expect(POST_MESSAGES.requiredFields(['company', 'content'])).toBe(
      'Please fill in all required fields: company, content',
    );
    expect(POST_MESSAGES.requiredFields(['content'])).toBe(
      'Please fill in all required fields: content',
    );
  });
});

describe('post fields from a form', () => {
  it('reads form text: JSON lists, flags, blanks as no value', () => {
    const parsed = PostFieldsSchema.parse({
      company_id: ' 8d0c3c52-4a5e-4d0e-9b7e-3f1f0c1b2a3d ',
      content: '  Hi  ',
      url: '  example.com  ',
      shortened_url: '',
      url_shortened: 'true',
      tone: '',
      platforms: '["twitter","bluesky","twitter"]',
      scheduled_for: '',
      remove_media: '0',
    });
    expect(parsed).toEqual({
      company_id: '8d0c3c52-4a5e-4d0e-9b7e-3f1f0c1b2a3d',
      content: 'Hi',
      url: 'example.com',
      shortened_url: null,
      url_shortened: true,
      tone: null,
      platforms: ['twitter', 'bluesky'],
      scheduled_for: null,
      remove_media: false,
    });
  });

  it('takes JSON values as they are', () => {
    expect(
      PostFieldsSchema.parse({ platforms: ['linkedIn'], url_shortened: false, tone: 'casual' }),
    ).toMatchObject({ platforms: ['linkedIn'], url_shortened: false, tone: 'casual' });
  });

  it.each([
    [{ platforms: '[twitter' }, 'platforms must be a list of network ids, like ["twitter"]'],
    [{ platforms: ['myspace'] }, 'Unknown social network in platforms'],
    [{ tone: 'grumpy' }, 'Choose a tone from the list'],
    [
      { scheduled_for: '2026-13-01' },
      'scheduled_for must be a date and time, like 2026-05-01T09:00:00Z',
    ],
    [{ url: 'has space.com' }, 'URL must be a web address without spaces'],
    [
      { url: 'javascript:alert(1)' },
      'URL must be an http:// or https:// address, like example.com/article',
    ],
    [
      { url: 'ftp://example.com/a' },
      'URL must be an http:// or https:// address, like example.com/article',
    ],
    [
      { shortened_url: 'data:text/html,hi' },
      'Shortened URL must be an http:// or https:// address, like example.com/article',
    ],
    [{ remove_media: 'perhaps' }, 'remove_media must be true or false'],
  ])('refuses %j', (fields, message) => {
    const result = PostFieldsSchema.safeParse(fields);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('the post body both apps check', () => {
  const message = (result: { error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues.map((issue) => issue.message);

  it('names only the missing required fields, before any other problem', () => {
    expect(message(PostCreateBodySchema.safeParse({ tone: 'grumpy' }))).toEqual([
      'Please fill in all required fields: company, content',
    ]);
    expect(message(PostCreateBodySchema.safeParse(undefined))).toEqual([
      'Please fill in all required fields: company, content',
    ]);
    expect(message(PostCreateBodySchema.safeParse({ company_id: 'c', content: ' ' }))).toEqual([
      'Please fill in all required fields: content',
    ]);
    expect(
      message(PostCreateBodySchema.safeParse({ company_id: 'c', content: 'Hi', tone: 'grumpy' })),
    ).toEqual(['Choose a tone from the list']);
  });

  it('on edit, only a required field sent blank is missing', () => {
    expect(PostEditBodySchema.safeParse({ tone: 'casual' }).success).toBe(true);
    expect(message(PostEditBodySchema.safeParse({ content: '' }))).toEqual([
      'Please fill in all required fields: content',
    ]);
  });

  it('refuses a body that is not an object', () => {
    expect(message(PostCreateBodySchema.safeParse([1, 2]))).toEqual([
      'The request body must be a JSON object.',
    ]);
  });

  it('accepts http and https links, with or without the scheme', () => {
    for (const url of ['https://example.com/a', 'http://example.com', 'example.com/article']) {
      expect(PostCreateBodySchema.safeParse({ company_id: 'c', content: 'Hi', url }).success).toBe(
        true,
      );
    }
  });

  it('derives the status from the scheduled time', () => {
    expect(postStatusOf(null)).toBe('draft');
    expect(postStatusOf('2026-05-01T09:00:00Z')).toBe('scheduled');
  });
});
