import { z } from 'zod';
import { defineJob } from './job.js';

/**
 * Posts a publication's first comment (Facebook, Instagram, LinkedIn) under the post, once
 * it is due (FIRST_COMMENT_DELAY_SECONDS after the post). Its own job, so a comment's wait
 * and failures never hold up or change the post's publishing. The comment is claimed once
 * before its call (as a publication is), so a retried or duplicated job comments once.
 */
export const publishFirstCommentJob = defineJob({
  name: 'publish-first-comment',
  payload: z.object({ publicationId: z.uuid() }),
  policy: {
    queuePolicy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: (config) => config.publisher.jobExpireSeconds,
    concurrency: () => 20,
    // Stopped from the admin panel: comments wait in the queue like posts.
    stopped: (state) => state.publisherStopped,
  },
  singletonKey: (payload) => payload.publicationId,
  createHandler:
    (deps: { publishFirstComment: (publicationId: string) => Promise<unknown> }) =>
    async ({ publicationId }) => {
      await deps.publishFirstComment(publicationId);
    },
});

export type PublishFirstCommentPayload = z.infer<typeof publishFirstCommentJob.payload>;
