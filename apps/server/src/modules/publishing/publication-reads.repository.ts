import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { posts } from '../../db/schema/posts.js';
import { publications, type PublicationRow } from '../../db/schema/publishing.js';
import { scheduledInstances } from '../../db/schema/schedules.js';

/** A publication with the occurrence it belongs to. */
export interface PublicationOfPost {
  publication: PublicationRow;
  instance: { id: string; scheduleId: string; postId: string; scheduledFor: Date };
}

/**
 * Every publication of the customer's given posts, by occurrence time then network (the
 * public API shows a post with its publications).
 */
export async function listPublicationsOfPosts(
  db: DbExecutor,
  userId: string,
  postIds: string[],
): Promise<PublicationOfPost[]> {
  if (postIds.length === 0) return [];
  return db
    .select({
      publication: publications,
      instance: {
        id: scheduledInstances.id,
        scheduleId: scheduledInstances.scheduleId,
        postId: scheduledInstances.postId,
        scheduledFor: scheduledInstances.scheduledFor,
      },
    })
    .from(publications)
    .innerJoin(scheduledInstances, eq(scheduledInstances.id, publications.instanceId))
    .where(and(inArray(scheduledInstances.postId, postIds), eq(scheduledInstances.userId, userId)))
    .orderBy(asc(scheduledInstances.scheduledFor), asc(publications.network));
}

/** The post (and its company) a publication of the customer belongs to; undefined for another's. */
export async function findPublicationPost(db: DbExecutor, userId: string, publicationId: string) {
  const [row] = await db
    .select({ postId: posts.id, companyId: posts.companyId })
    .from(publications)
    .innerJoin(scheduledInstances, eq(scheduledInstances.id, publications.instanceId))
    .innerJoin(posts, eq(posts.id, scheduledInstances.postId))
    .where(and(eq(publications.id, publicationId), eq(scheduledInstances.userId, userId)))
    .limit(1);
  return row;
}
