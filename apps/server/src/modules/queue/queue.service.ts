import {
  COMPANY_MESSAGES,
  mergeSlots,
  nextSlotTimes,
  POST_MESSAGES,
  QUEUE_HORIZON_DAYS,
  QUEUE_MESSAGES,
  SCHEDULE_MESSAGES,
  slotServes,
  slotTimes,
  type NetworkId,
  type Queue,
  type QueueSlot,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { assertEntityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import type { SchedulesService } from '../schedules/index.js';
import * as repo from './queue.repository.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface QueueDeps {
  db: Db;
  clock: Clock;
  /** The customer's saved zone (the settings module's), or undefined before they save one. */
  savedTimeZone: (userId: string) => Promise<string | null | undefined>;
  /** Whether the entity is the customer's (the companies module's). */
  ownsCompany: (userId: string, companyId: string) => Promise<boolean>;
  /** Schedules through every rule of the schedules module, at the time the queue picks. */
  schedules: Pick<SchedulesService, 'createAtPickedTime'>;
}

const companyNotFound = () => AppError.notFound(COMPANY_MESSAGES.notFound, 'COMPANY_NOT_FOUND');

export function createQueueService(deps: QueueDeps) {
  const { db } = deps;

  /** The entity's zone and slots: its saved queue, else no slots in the owner's zone. */
  async function settingsOf(userId: string, companyId: string) {
    const saved = await repo.findQueue(db, userId, companyId);
    if (saved) return { timezone: saved.timezone, slots: mergeSlots(saved.slots) };
    return { timezone: (await deps.savedTimeZone(userId)) ?? 'UTC', slots: [] as QueueSlot[] };
  }

  function withNext(queue: { timezone: string; slots: QueueSlot[] }): Queue {
    const next = nextSlotTimes(queue.slots, queue.timezone, deps.clock().getTime());
    return { ...queue, next: next.map((at) => new Date(at).toISOString()) };
  }

  return {
    async get(userId: string, companyId: string, access?: EntityAccess): Promise<Queue> {
      assertEntityVisible(access, companyId, companyNotFound);
      if (!(await deps.ownsCompany(userId, companyId))) throw companyNotFound();
      return withNext(await settingsOf(userId, companyId));
    },

    /** Slots arrive merged and sorted (the route's QueueUpdateSchema). */
    async save(
      userId: string,
      companyId: string,
      update: { timezone: string; slots: QueueSlot[] },
      access?: EntityAccess,
    ): Promise<Queue> {
      assertEntityVisible(access, companyId, companyNotFound);
      if (!(await deps.ownsCompany(userId, companyId))) throw companyNotFound();
      const slots = mergeSlots(update.slots);
      await repo.saveQueue(db, {
        userId,
        companyId,
        timezone: update.timezone,
        slots,
        now: deps.clock(),
      });
      return withNext({ timezone: update.timezone, slots });
    },

    /**
     * Schedules the post at its entity's next slot that serves every one of `networks` and
     * holds no other pending publication of the entity on any of them, within the horizon.
     * The slot is chosen under a per-entity lock inside the schedule's own transaction, so
     * two posts queued at once take two slots.
     */
    /** `actorId`: the person adding it (a workspace's member); the schedule records them. */
    async addPost(
      userId: string,
      postId: string,
      networks: NetworkId[],
      access?: EntityAccess,
      actorId?: string,
    ) {
      const post = await repo.findOwnedPost(db, userId, postId);
      const postNotFound = () => AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
      if (!post) throw postNotFound();
      assertEntityVisible(access, post.companyId, postNotFound);
      if (!post.companyId) {
        throw AppError.badRequest(SCHEDULE_MESSAGES.postHasNoEntity, 'POST_HAS_NO_ENTITY');
      }
      const queue = await settingsOf(userId, post.companyId);
      return deps.schedules.createAtPickedTime(
        userId,
        { post_id: post.id, social_account_type: networks, timezone: queue.timezone },
        async (tx, context) => {
          await repo.lockQueue(tx, context.companyId);
          const from = deps.clock().getTime();
          const until = from + QUEUE_HORIZON_DAYS * DAY_MS;
          const held = new Set(
            (
              await repo.pendingPublicationTimes(tx, {
                companyId: context.companyId,
                networks: context.networks,
                from: new Date(from),
                until: new Date(until + MINUTE_MS),
              })
            ).map((row) => `${row.network} ${Math.floor(row.at.getTime() / MINUTE_MS)}`),
          );
          for (const slot of slotTimes(queue.slots, queue.timezone, from, until)) {
            if (!slotServes(slot, context.networks)) continue;
            const minute = Math.floor(slot.at / MINUTE_MS);
            if (context.networks.some((network) => held.has(`${network} ${minute}`))) continue;
            return new Date(slot.at);
          }
          throw AppError.unprocessable(QUEUE_MESSAGES.noOpenSlot, 'NO_OPEN_SLOT');
        },
        actorId ? { actorId } : {},
      );
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
