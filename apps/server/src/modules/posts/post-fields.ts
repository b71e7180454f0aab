import { missingPostFields, POST_MESSAGES, type PostFields } from '@cadence/shared';
import { AppError } from '../../errors.js';

export type ParsedPostFields = PostFields;

/**
 * On edit, the route's body schema has already refused a required field sent blank; a field
 * not sent keeps the post's current value, which may itself be missing (the post's entity was
 * deleted). Same rule and message as the body schema ('Please fill in all required fields: ...').
 */
export function requireFieldsAfterEdit(
  fields: ParsedPostFields,
  current: { company_id: string | null; content: string },
): void {
  const missing = missingPostFields({
    company_id: fields.company_id === undefined ? current.company_id : fields.company_id,
    content: fields.content === undefined ? current.content : fields.content,
  });
  if (missing.length > 0) {
    throw AppError.badRequest(POST_MESSAGES.requiredFields(missing), 'POST_REQUIRED_FIELDS');
  }
}
