import { test } from '@playwright/test';

/**
 * A name no other test, worker or attempt uses: every test makes its own data in the shared
 * accounts, so a retry starts clean instead of meeting the first attempt's rows.
 */
export function uniqueName(base: string): string {
  const { workerIndex, retry } = test.info();
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  return `${base} ${stamp}-${workerIndex}${retry > 0 ? `r${retry}` : ''}`;
}
