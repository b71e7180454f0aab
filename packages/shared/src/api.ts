import { z } from 'zod/mini';
import { ErrorCodeSchema } from './error-codes.js';

/** Every successful answer of the product API. */
export interface ApiSuccess<T> {
  message: string;
  data: T;
}

/** Every error answer: the HTTP status, its name, a message for people, a code for programs. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().check(z.int()),
  error: z.string(),
  message: z.string(),
  code: ErrorCodeSchema,
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Wraps a data schema in the `{ message, data }` envelope, for route response schemas. */
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

/** The account `npm run demo` seeds; the demo's sign-in page shows it. */
export const DEMO_SIGN_IN = { email: 'demo@cadence.local', password: 'demo-password' } as const;

/**
 * A demo server marks the pages it serves with `<meta name="cadence-demo">`, so the sign-in
 * page draws its demo notice in its first frame instead of pushing the form down when the
 * health answer arrives.
 */
export const DEMO_PAGE_META = 'cadence-demo';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  /** True on `npm run demo`: the sign-in page shows the demo banner and account. */
  demo: z.optional(z.boolean()),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * Lists that grow count their rows only this many pages past the page asked for, so a
 * page costs the same at 1,000 rows as at 100,000 (decision 041); the pagination control
 * shows the pages counted and that more follow.
 */
export const LIST_COUNT_PAGES_AHEAD = 5;

/** How many rows a list counts at most for `page` (1-based) of `pageSize` rows. */
export function listCountLimit(page: number, pageSize: number): number {
  return (page + LIST_COUNT_PAGES_AHEAD) * pageSize;
}
