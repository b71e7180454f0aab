import { DEFAULT_LENGTH_HINT, DEFAULT_STYLE_HINT, SIZE_FORMATS } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import {
  buildEnhancePrompt,
  buildGeneratePrompt,
  buildHashtagsPrompt,
  buildPostFromUrlPrompt,
  sizeGuidance,
  type EntityContext,
  type PostFromUrlPromptInput,
} from './post-prompts.js';

const acme: EntityContext = {
  name: 'Acme Rockets',
  industry: 'Aerospace',
  description: 'Reusable rockets for small satellites.',
  website: 'https://acme.example',
};
const page = { title: 'Orbit for all', description: 'Cheap launches', text: 'Long article text.' };

const fromUrl = (overrides: Partial<PostFromUrlPromptInput> = {}) =>
  buildPostFromUrlPrompt({
    url: 'https://news.example/orbit',
    page,
    tone: 'professional',
    sizeFormat: undefined,
    entity: undefined,
    reference: undefined,
    includeEmojis: false,
    emojiCount: 5,
    includeHashtags: false,
    hashtagCount: 3,
    keywords: undefined,
    ...overrides,
  });

describe('sizeGuidance', () => {
  it('states each size format cap and hint', () => {
    for (const [id, { max, hint }] of Object.entries(SIZE_FORMATS)) {
      const size = sizeGuidance(id as keyof typeof SIZE_FORMATS);
      expect(size.max).toBe(max);
      expect(size.length).toContain(`At most ${max} characters`);
      expect(size.style.toLowerCase()).toBe(hint);
      expect(size.maxTokens).toBeGreaterThan(max / 4);
    }
  });

  it('falls back to the default hints without a size format', () => {
    expect(sizeGuidance(null)).toMatchObject({
      max: undefined,
      length: DEFAULT_LENGTH_HINT,
      style: DEFAULT_STYLE_HINT,
    });
  });
});

describe('buildPostFromUrlPrompt', () => {
  it('carries tone, size, article and the address', () => {
    const prompt = fromUrl({ tone: 'humorous', sizeFormat: 'tweet' });
    expect(prompt.user).toContain('Tone: humorous.');
    expect(prompt.user).toContain('At most 250 characters');
    expect(prompt.user).toContain('Style: Concise and engaging.');
    expect(prompt.user).toContain('Title: Orbit for all');
    expect(prompt.user).toContain('Long article text.');
    expect(prompt.user).toContain('https://news.example/orbit');
    expect(prompt.system).toMatch(/never invent/);
  });

  it('uses the default hints without a size format', () => {
    const prompt = fromUrl();
    expect(prompt.user).toContain(`Length: ${DEFAULT_LENGTH_HINT}.`);
    expect(prompt.user).toContain(`Style: ${DEFAULT_STYLE_HINT}.`);
  });

  it('asks for the counts of emojis and hashtags, clamped to 1-10', () => {
    expect(fromUrl({ includeEmojis: true, emojiCount: 7 }).user).toContain(
      'exactly 7 fitting emojis',
    );
    expect(fromUrl({ includeEmojis: true, emojiCount: 99 }).user).toContain('exactly 10 fitting');
    expect(fromUrl({ includeEmojis: true, emojiCount: 'lots' }).user).toContain(
      'exactly 5 fitting',
    );
    expect(fromUrl({ includeHashtags: true, hashtagCount: 0 }).user).toContain(
      'exactly 1 relevant hashtag.',
    );
    expect(fromUrl({ includeHashtags: true, hashtagCount: 'x' }).user).toContain(
      'exactly 3 relevant hashtags',
    );
    const plain = fromUrl();
    expect(plain.user).toContain('Emojis: none.');
    expect(plain.user).toContain('Hashtags: none.');
  });

  it('includes the keywords and both entities', () => {
    const prompt = fromUrl({
      keywords: 'launch, orbit , launch',
      entity: acme,
      reference: { ...acme, name: 'Beta Satellites', description: null },
    });
    expect(prompt.user).toContain('work these in naturally: launch, orbit.');
    expect(prompt.user).toContain('published by this company:\nName: Acme Rockets');
    expect(prompt.user).toContain('Industry: Aerospace');
    expect(prompt.user).toContain('About: Reusable rockets for small satellites.');
    expect(prompt.user).toContain('to this company as well:\nName: Beta Satellites');
  });
});

describe('the other prompts', () => {
  it('asks for a comma list of the clamped number of hashtags', () => {
    const prompt = buildHashtagsPrompt('We launched!', 42);
    expect(prompt.user).toContain('Suggest 10 relevant hashtags');
    expect(prompt.user).toContain('comma-separated');
    expect(prompt.user).toContain('We launched!');
  });

  it('enhances with the entity description and the tone', () => {
    const prompt = buildEnhancePrompt(acme, 'We are hiring.', 'friendly');
    expect(prompt.user).toContain('Tone: friendly.');
    expect(prompt.user).toContain('About: Reusable rockets for small satellites.');
    expect(prompt.user).toContain('We are hiring.');
  });

  it('generates text for the marker, with size and tone', () => {
    const prompt = buildGeneratePrompt(acme, 'Meet us: [AI] See you!', 'casual', 'bite');
    expect(prompt.user).toContain('placeholder [AI]');
    expect(prompt.user).toContain('At most 150 characters');
    expect(prompt.user).toContain('Meet us: [AI] See you!');
    expect(prompt.user).toContain('Tone: casual.');
  });

  it('writes a whole post without a marker, using the content as the topic', () => {
    const prompt = buildGeneratePrompt(acme, 'our new engine', 'casual', null);
    expect(prompt.user).toContain('Write a social media post about Acme Rockets.');
    expect(prompt.user).toContain('Topic: our new engine');
    expect(prompt.user).toContain(`Length: ${DEFAULT_LENGTH_HINT}.`);
  });
});
