import {
  clampCount,
  DEFAULT_EMOJI_COUNT,
  DEFAULT_HASHTAG_COUNT,
  DEFAULT_LENGTH_HINT,
  DEFAULT_STYLE_HINT,
  POST_CONTENT_MAX,
  POST_MESSAGES,
  SIZE_FORMATS,
  type PostTone,
  type SizeFormat,
} from '@cadence/shared';
import type { ChatRequest } from '../../integrations/ai.js';
import type { PageText } from '../../lib/html-text.js';
import { splitKeywords } from './post-text.js';

/** What the AI is told about an entity (one of the customer's companies). */
export interface EntityContext {
  name: string;
  industry: string | null;
  description: string | null;
  website: string | null;
}

export interface SizeGuidance {
  /** The hard cap in characters, enforced again after the answer; undefined: none. */
  max: number | undefined;
  length: string;
  style: string;
  maxTokens: number;
}

/** Tokens for an answer of `chars` characters, with room for emojis and hashtags. */
const tokensFor = (chars: number) => Math.ceil(chars / 2) + 100;

export function sizeGuidance(sizeFormat: SizeFormat | null | undefined): SizeGuidance {
  if (!sizeFormat) {
    return {
      max: undefined,
      length: DEFAULT_LENGTH_HINT,
      style: DEFAULT_STYLE_HINT,
      maxTokens: 500,
    };
  }
  const { max, hint } = SIZE_FORMATS[sizeFormat];
  return {
    max,
    length: `At most ${max} characters in total, counting spaces, emojis and hashtags`,
    style: hint.charAt(0).toUpperCase() + hint.slice(1),
    maxTokens: tokensFor(max),
  };
}

export function describeEntity(entity: EntityContext): string {
  return [
    `Name: ${entity.name}`,
    entity.industry ? `Industry: ${entity.industry}` : undefined,
    entity.website ? `Website: ${entity.website}` : undefined,
    entity.description ? `About: ${entity.description}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
}

const ANSWER_ONLY = 'Answer with the post text only: no heading, no quotes, no notes.';

export interface PostFromUrlPromptInput {
  url: string;
  page: PageText;
  tone: PostTone;
  sizeFormat: SizeFormat | null | undefined;
  entity: EntityContext | undefined;
  reference: EntityContext | undefined;
  includeEmojis: boolean;
  emojiCount: unknown;
  includeHashtags: boolean;
  hashtagCount: unknown;
  keywords: string | null | undefined;
}

/** (b) A post that shares an article, in the entity's voice. */
export function buildPostFromUrlPrompt(input: PostFromUrlPromptInput): ChatRequest {
  const size = sizeGuidance(input.sizeFormat);
  const emojis = clampCount(input.emojiCount, DEFAULT_EMOJI_COUNT);
  const hashtags = clampCount(input.hashtagCount, DEFAULT_HASHTAG_COUNT);
  const keywords = splitKeywords(input.keywords);
  const lines = [
    'Write a social media post that shares the article below with our audience.',
    `Tone: ${input.tone}.`,
    `Length: ${size.length}.`,
    `Style: ${size.style}.`,
    input.includeEmojis
      ? `Emojis: use exactly ${emojis} fitting emoji${emojis === 1 ? '' : 's'}.`
      : 'Emojis: none.',
    input.includeHashtags
      ? `Hashtags: end with exactly ${hashtags} relevant hashtag${hashtags === 1 ? '' : 's'}.`
      : 'Hashtags: none.',
    keywords.length > 0 ? `Keywords: work these in naturally: ${keywords.join(', ')}.` : undefined,
    "Do not paste the article's address; it is attached to the post separately.",
    ANSWER_ONLY,
    input.entity ? `\nThe post is published by this company:\n${describeEntity(input.entity)}` : '',
    input.reference
      ? `\nWhere it fits, relate the article to this company as well:\n${describeEntity(input.reference)}`
      : '',
    '\nThe article:',
    `Address: ${input.url}`,
    input.page.title ? `Title: ${input.page.title}` : undefined,
    input.page.description ? `Summary: ${input.page.description}` : undefined,
    input.page.text ? `Text:\n${input.page.text}` : undefined,
  ];
  return {
    system:
      'You are a social media copywriter. You turn articles into posts people want to read. You stay faithful to the source and never invent facts, figures or quotes.',
    user: lines.filter((line) => line !== undefined && line !== '').join('\n'),
    maxTokens: size.maxTokens,
  };
}

/** (d) Hashtags for a post, as a comma list. */
export function buildHashtagsPrompt(content: string, count: unknown): ChatRequest {
  const wanted = clampCount(count, DEFAULT_HASHTAG_COUNT);
  return {
    system:
      'You suggest hashtags for social media posts. You answer with a comma-separated list of hashtags and nothing else.',
    user: [
      `Suggest ${wanted} relevant hashtag${wanted === 1 ? '' : 's'} for the post below.`,
      'Each hashtag starts with # and contains no spaces.',
      'Answer as one comma-separated list, for example: #Marketing, #SmallBusiness',
      '',
      'The post:',
      content,
    ].join('\n'),
    maxTokens: 40 + wanted * 15,
    temperature: 0.5,
  };
}

/** (c) The post, rewritten to bring in what the entity is and offers. */
export function buildEnhancePrompt(
  entity: EntityContext,
  content: string,
  tone: PostTone,
): ChatRequest {
  return {
    system:
      "You are a social media copywriter who edits posts for a company. You keep the author's message and facts, and you only claim about the company what its details support.",
    user: [
      `Rewrite the post below so that it naturally brings in what ${entity.name} is and what it can do for the reader, using the company details.`,
      `Tone: ${tone}.`,
      'Keep the original message, its language, and any links, mentions and hashtags.',
      `Keep about the same length; never more than ${POST_CONTENT_MAX} characters.`,
      ANSWER_ONLY,
      '',
      'The company:',
      describeEntity(entity),
      '',
      'The post:',
      content,
    ].join('\n'),
    maxTokens: Math.min(2_500, tokensFor(content.length + 400)),
  };
}

/** (e) Text about the entity for the [AI] marker of a post (or a whole post without one). */
export function buildGeneratePrompt(
  entity: EntityContext,
  content: string,
  tone: PostTone,
  sizeFormat: SizeFormat | null | undefined,
): ChatRequest {
  const size = sizeGuidance(sizeFormat);
  const marker = POST_MESSAGES.aiMarker;
  const hasMarker = content.includes(marker);
  const task = hasMarker
    ? [
        `The post below contains the placeholder ${marker}. Write the text that replaces it: text about ${entity.name} that fits the words around it.`,
        `Answer with the replacement text only, without the placeholder and without the rest of the post.`,
      ]
    : [
        `Write a social media post about ${entity.name}.`,
        content.trim() ? `Topic: ${content.trim()}` : undefined,
        ANSWER_ONLY,
      ];
  return {
    system:
      "You write social media copy for a company. You write only what the company's details support, with no invented facts, figures or quotes.",
    user: [
      ...task,
      `Tone: ${tone}.`,
      `Length: ${size.length}.`,
      `Style: ${size.style}.`,
      '',
      'The company:',
      describeEntity(entity),
      ...(hasMarker ? ['', 'The post:', content] : []),
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
    maxTokens: size.maxTokens,
  };
}
