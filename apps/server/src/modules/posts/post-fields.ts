import {
  missingPostFields,
  POST_MESSAGES,
  PostFieldsSchema,
  type PostFields,
} from '@cadence/shared';
import { AppError } from '../../errors.js';

export type ParsedPostFields = PostFields;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a create or edit request's fields. The required ones come first, so the message
 * lists exactly those left blank ('Please fill in all required fields: company, content');
 * on edit, a field not sent keeps the post's current value (`current`).
 */
export function parsePostFields(
  raw: unknown,
  current?: { company_id: string | null; content: string },
): ParsedPostFields {
  if (raw !== undefined && raw !== null && !isRecord(raw)) {
    throw AppError.badRequest('The request body must be a JSON object.', 'VALIDATION_FAILED');
  }
  const body = raw ?? {};
  const missing = missingPostFields({
    company_id: 'company_id' in body || !current ? body.company_id : current.company_id,
    content: 'content' in body || !current ? body.content : current.content,
  });
  if (missing.length > 0) {
    throw AppError.badRequest(POST_MESSAGES.requiredFields(missing), 'POST_REQUIRED_FIELDS');
  }
  const parsed = PostFieldsSchema.safeParse(body);
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    throw AppError.badRequest(messages.join('. '), 'VALIDATION_FAILED');
  }
  return parsed.data;
}
