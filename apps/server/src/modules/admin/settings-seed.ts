import { SETTING_KEYS } from '@cadence/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { adminSettings, type AdminSettingValue } from '../../db/schema/admin.js';
import { SETTING_DEFINITIONS } from '../../lib/live-settings.js';

/** Writes missing settings with their defaults and keeps ranges, units and texts current. */
export async function seedSettings(db: Db, config: Config) {
  for (const key of SETTING_KEYS) {
    const definition = SETTING_DEFINITIONS[key];
    const value: AdminSettingValue = {
      value: definition.defaultValue(config),
      min: definition.min,
      max: definition.max,
      unit: definition.unit,
    };
    await db
      .insert(adminSettings)
      .values({ key, value, description: definition.description })
      .onConflictDoUpdate({
        target: adminSettings.key,
        // The operator's number stays (clamped into a range that may have changed).
        set: {
          value: sql`jsonb_build_object(
            'value', least(greatest((${adminSettings.value}->>'value')::numeric, ${definition.min}), ${definition.max}),
            'min', ${definition.min}::numeric, 'max', ${definition.max}::numeric, 'unit', ${definition.unit}::text)`,
          description: definition.description,
        },
      });
  }
}
