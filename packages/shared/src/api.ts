import { z } from 'zod';
import { ErrorCodeSchema } from './error-codes.js';

/** Every successful answer of the product API. */
export interface ApiSuccess<T> {
  message: string;
  data: T;
}

/** Every error answer: the HTTP status, its name, a message for people, a code for programs. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: ErrorCodeSchema,
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Wraps a data schema in the `{ message, data }` envelope, for route response schemas. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;
