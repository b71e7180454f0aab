import { z } from 'zod/mini';
import { BrandSchema } from './approval-basics.js';
import { PostCommentSchema } from './approvals.js';
import { NETWORK_IDS } from './networks.js';

/** What a client sees on a review link: nothing of the account, only the posts waiting. */
export const ReviewPageSchema = z.object({
  entity: z.object({ name: z.string(), logo_url: z.nullable(z.string()) }),
  /** The workspace's brand (white label), or Cadence's when it has none. */
  brand: BrandSchema,
  label: z.nullable(z.string()),
  expires_at: z.string(),
  posts: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      url: z.nullable(z.string()),
      media: z.nullable(z.object({ url: z.string(), mime_type: z.string() })),
      /** Each network the post goes to, with its time (null: not scheduled yet). */
      previews: z.array(
        z.object({ network: z.enum(NETWORK_IDS), scheduled_for: z.nullable(z.string()) }),
      ),
      comments: z.array(PostCommentSchema),
    }),
  ),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;
