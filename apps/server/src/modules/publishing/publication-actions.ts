import {
  APPROVAL_MESSAGES,
  FOLLOW_UP_MESSAGES,
  NETWORK_NAMES,
  postLinkProblem,
  type PostLinkOrigin,
  PUBLICATION_MESSAGES,
  publicationConflictMessage,
  type PublicationAction,
  type PublicationActionResult,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { assertEntityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import { insertLog } from '../logs/index.js';
import { instanceStatus as instances, type PublishRuns } from '../schedules/index.js';
import { toScheduleData } from '../schedules/index.js';
import { postCompletedData, publicationEventData, recordWebhookEvent } from '../webhooks/index.js';
import { instanceOutcome } from './decisions.js';
import * as actions from './publication-actions.repository.js';
import * as repo from './publishing.repository.js';
import * as follow from './follow-ups.repository.js';

export interface PublicationActionsDeps {
  db: Db;
  /** Asks the publisher to run an instance (at once, for these actions). */
  publishRuns: PublishRuns;
  /** Queues the job that posts a publication's first comment, at once. */
  sendCommentJob?: (publicationId: string, at: Date) => Promise<unknown>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Where this server is told each network's website is (`X_WEB_URL`...): links there count. */
  postLinkOrigins?: readonly PostLinkOrigin[];
}

const notFound = () => AppError.notFound(PUBLICATION_MESSAGES.notFound, 'PUBLICATION_NOT_FOUND');

/**
 * What the customer can do from the screen about a stuck publication (decision 091):
 * retry a failed one, say an unconfirmed one is not there (post it) or is there (mark it
 * published with its link), publish a pending one now. The publication's own conditional
 * UPDATE decides each: a second click, from this tab or another, finds the state moved on
 * and gets a 409; the claim in front of every network call keeps the post to one copy.
 */
export function createPublicationActions(deps: PublicationActionsDeps) {
  const { db } = deps;

  /**
   * Retry of a thread part or a first comment that failed (or that the customer found absent):
   * pending and due now; a thread resumes there (through its instance's job), a comment gets
   * its own job. 404 when not theirs, 409 when it moved on.
   */
  async function retryPart(userId: string, partId: string, access?: EntityAccess) {
    const now = deps.clock();
    const partNotFound = () => AppError.notFound(FOLLOW_UP_MESSAGES.notFound, 'PART_NOT_FOUND');
    // A member limited to some entities: the part's entity is looked at before any change.
    if (access?.entityIds) {
      const part = await follow.findOwnPart(db, userId, partId);
      assertEntityVisible(access, part?.company_id, partNotFound);
    }
    // The instance's run is asked in the same transaction: nothing waits without one.
    const retried = await db.transaction(async (tx) => {
      const row = await follow.retryPart(tx, userId, partId, now);
      if (row?.kind === 'thread') await deps.publishRuns.publishAt(row.instance_id, now, tx);
      return row;
    });
    if (!retried) {
      if (!(await follow.findOwnPart(db, userId, partId))) throw partNotFound();
      throw AppError.conflict(FOLLOW_UP_MESSAGES.moved, 'PUBLICATION_STATE_CHANGED');
    }
    if (retried.kind === 'comment') await deps.sendCommentJob?.(retried.publication_id, now);
    return { id: retried.id, status: 'pending' as const };
  }

  async function run(
    userId: string,
    publicationId: string,
    action: PublicationAction,
    actorId: string | undefined,
    url?: string,
    access?: EntityAccess,
  ): Promise<PublicationActionResult> {
    const owned = await actions.findOwnedPublication(db, userId, publicationId);
    if (!owned) throw notFound();
    assertEntityVisible(access, owned.instance.entityId, notFound);
    const { publication, instance } = owned;
    const problem =
      url === undefined ? null : postLinkProblem(publication.network, url, deps.postLinkOrigins);
    if (problem === 'invalid') {
      throw AppError.badRequest(PUBLICATION_MESSAGES.linkInvalid, 'INVALID_URL');
    }
    if (problem === 'not-on-network') {
      throw AppError.badRequest(
        PUBLICATION_MESSAGES.linkNotOnNetwork(NETWORK_NAMES[publication.network]),
        'LINK_NOT_ON_NETWORK',
      );
    }
    const now = deps.clock();
    const result = await db.transaction(async (tx) => {
      const changed = await actions.applyAction(tx, userId, publicationId, action, now, url);
      if (!changed) return null;
      if (action === 'mark-published') {
        const context = {
          postId: instance.postId,
          entityId: instance.entityId,
          scheduledFor: instance.scheduledFor,
        };
        await recordWebhookEvent(tx, {
          userId,
          type: 'publication.published',
          entityId: instance.entityId,
          at: now,
          data: publicationEventData(changed, context),
        });
        const statuses = (await repo.listPublicationStates(tx, instance.id)).map(
          (state) => state.status,
        );
        if (!statuses.some((status) => status === 'pending' || status === 'publishing')) {
          await instances.setOutcome(tx, instance.id, instanceOutcome(statuses), now);
          await recordWebhookEvent(tx, {
            userId,
            type: 'post.completed',
            entityId: instance.entityId,
            at: now,
            data: postCompletedData({ ...context, statuses }),
          });
        }
      } else {
        // Run at once (earlier than a run asked for later), in this transaction: a click
        // never leaves a due publication without its run.
        await instances.reopenInstance(tx, instance.id);
        await deps.publishRuns.publishAt(instance.id, now, tx);
      }
      await insertLog(tx, {
        userId,
        postId: instance.postId,
        instanceId: instance.id,
        platform: publication.network,
        status: action === 'mark-published' ? 'success' : 'pending',
        message: PUBLICATION_MESSAGES.log[action],
        scheduledFor: instance.scheduledFor,
        actorId: actorId ?? userId,
      });
      return {
        // The list (refetched after every action) says when to reconnect; this is about the action.
        publication: toScheduleData(changed, null),
        instance_status: (await actions.instanceStatus(tx, instance.id)) ?? instance.status,
      };
    });
    if (!result) {
      // Moved on since it was shown: say to what (the next read shows the rest).
      const status = await actions.publicationStatus(db, publicationId);
      if (!status) throw notFound();
      if (
        action === 'publish-now' &&
        status === 'missed' &&
        publication.errorCode === 'NOT_APPROVED'
      ) {
        throw AppError.conflict(APPROVAL_MESSAGES.notApprovedPublishNow, 'NOT_APPROVED');
      }
      throw AppError.conflict(publicationConflictMessage(status), 'PUBLICATION_STATE_CHANGED');
    }
    // Who asked for what, for whoever runs the server (the post log row is the customer's).
    deps.logger.info(
      {
        userId,
        actorId,
        publicationId,
        instanceId: instance.id,
        network: publication.network,
        action,
      },
      `publication action: ${action}`,
    );
    return result;
  }

  return {
    retryPart,
    // `actorId`: the person pressing it (a workspace's member); absent: the workspace's owner.
    // `access`: the entities the caller may see (a limited member's); absent: every one.
    retry: (userId: string, id: string, actorId?: string, access?: EntityAccess) =>
      run(userId, id, 'retry', actorId, undefined, access),
    confirmAbsent: (userId: string, id: string, actorId?: string, access?: EntityAccess) =>
      run(userId, id, 'confirm-absent', actorId, undefined, access),
    markPublished: (
      userId: string,
      id: string,
      url: string,
      actorId?: string,
      access?: EntityAccess,
    ) => run(userId, id, 'mark-published', actorId, url, access),
    publishNow: (userId: string, id: string, actorId?: string, access?: EntityAccess) =>
      run(userId, id, 'publish-now', actorId, undefined, access),
  };
}

export type PublicationActions = ReturnType<typeof createPublicationActions>;
