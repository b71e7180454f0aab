import { SETTINGS_MESSAGES, type UserSettings } from '@cadence/shared';
import type { Db, DbExecutor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { canonicalTimeZone } from '../../lib/time-zone.js';
import * as repo from './settings.repository.js';

/** The customer's saved zone, or undefined before they save one. */
export async function readSavedTimeZone(db: DbExecutor, userId: string) {
  return (await repo.findUserSettings(db, userId))?.timezone;
}

/** The daylight-saving option: on (the default) until the customer turns it off. */
export async function readAutoDst(db: DbExecutor, userId: string) {
  return (await repo.findUserSettings(db, userId))?.autoDst ?? true;
}

/** A zone name from a person, canonicalised; unknown ones are a 400 they can act on. */
export function requireTimeZone(zone: string): string {
  const canonical = canonicalTimeZone(zone);
  if (!canonical) throw AppError.badRequest(SETTINGS_MESSAGES.unknownZone, 'UNKNOWN_TIME_ZONE');
  return canonical;
}

export function createSettingsService(deps: { db: Db; clock: Clock }) {
  return {
    async read(userId: string): Promise<UserSettings> {
      const row = await repo.findUserSettings(deps.db, userId);
      return { timezone: row?.timezone ?? null, auto_dst: row?.autoDst ?? true };
    },

    async save(userId: string, input: { timezone: string; auto_dst: boolean }) {
      const row = await repo.upsertUserSettings(deps.db, {
        userId,
        timezone: requireTimeZone(input.timezone),
        autoDst: input.auto_dst,
        now: deps.clock(),
      });
      return { timezone: row.timezone, auto_dst: row.autoDst } satisfies UserSettings;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
