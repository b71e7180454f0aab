import { SETTINGS_MESSAGES } from '@cadence/shared';
import { AppError } from '../errors.js';
import { canonicalTimeZone } from './time-zone.js';

/** A zone name from a person, canonicalised; unknown ones are a 400 they can act on. */
export function requireTimeZone(zone: string): string {
  const canonical = canonicalTimeZone(zone);
  if (!canonical) throw AppError.badRequest(SETTINGS_MESSAGES.unknownZone, 'UNKNOWN_TIME_ZONE');
  return canonical;
}
