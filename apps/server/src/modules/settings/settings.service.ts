import type { UserSettings } from '@cadence/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from './settings.repository.js';

export function createSettingsService(deps: { db: Db; clock: Clock }) {
  return {
    /** The customer's saved zone, or undefined before they save one. */
    async savedTimeZone(userId: string) {
      return (await repo.findUserSettings(deps.db, userId))?.timezone;
    },

    /** The daylight-saving option: on (the default) until the customer turns it off. */
    async autoDst(userId: string) {
      return (await repo.findUserSettings(deps.db, userId))?.autoDst ?? true;
    },

    async read(userId: string): Promise<UserSettings> {
      const row = await repo.findUserSettings(deps.db, userId);
      return { timezone: row?.timezone ?? null, auto_dst: row?.autoDst ?? true };
    },

    async save(userId: string, input: { timezone: string; auto_dst: boolean }) {
      const row = await repo.upsertUserSettings(deps.db, {
        userId,
        timezone: input.timezone, // canonicalised by the route's TimeZoneSchema
        autoDst: input.auto_dst,
        now: deps.clock(),
      });
      return { timezone: row.timezone, auto_dst: row.autoDst } satisfies UserSettings;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
