import { z } from 'zod/mini';

export const TIERS = ['free', 'pro', 'business', 'enterprise'] as const;
export const TierSchema = z.enum(TIERS, {
  error: 'Tier must be free, pro, business or enterprise',
});
export type Tier = z.infer<typeof TierSchema>;

export const AI_MESSAGES = {
  notConfigured: 'AI is not configured on this server',
  notInPlan:
    'AI features are not included in your current plan. Upgrade to Pro or higher on the Subscription Plans page.',
  failed: 'The AI service could not answer. Please try again in a moment.',
  websiteUnreachable: 'We could not read that website. Check the address and try again.',
  websiteTooComplex:
    "That website's page is too complex for us to read. Write the description yourself instead.",
  websiteBlocked: 'That address points to a private network, which the server may not fetch.',
  descriptionGenerated: 'Website scanned successfully',
} as const;
