import { HTTP_MESSAGES, MEDIA_FIELD, MEDIA_MAX_BYTES } from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Storage } from '../../integrations/storage.js';
import { saveMedia, type StoredMedia } from './media.js';

/** What a post form carries: its text fields, and the media file already stored. */
export interface PostForm {
  fields: Record<string, unknown>;
  media: StoredMedia | null;
}

const FORM_OPTIONS = {
  // Counted by us on the way to disk instead (see media.ts), so the answer is the 413 we
  // choose and the parser drains what is left of the file.
  throwFileSizeLimit: false,
  limits: {
    // One byte over the product limit, so the parser never hands over more than is needed to
    // tell that a file is too large; the count on the way to disk gives the answer.
    fileSize: MEDIA_MAX_BYTES + 1,
    files: 1,
    fields: 20,
    fieldSize: 64 * 1024,
  },
};

const FORM_ERRORS: Record<string, string> = {
  FST_FILES_LIMIT: 'A post takes one media file only',
  FST_FIELDS_LIMIT: 'The form has too many fields',
  FST_PARTS_LIMIT: 'The form has too many fields',
  FST_PROTO_VIOLATION: 'The form has a field that is not allowed',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The form could not be read. Send it as multipart/form-data',
};

function formError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  const message = code ? FORM_ERRORS[code] : undefined;
  if (message) return AppError.badRequest(message, 'VALIDATION_FAILED');
  if (error instanceof Error && /terminated early|Unexpected end/i.test(error.message)) {
    return AppError.badRequest('The form was cut short. Please send it again', 'VALIDATION_FAILED');
  }
  return error;
}

/**
 * Reads a multipart post form in any field order. The media file is streamed to storage as
 * it arrives; if anything later in the form fails, the stored file is removed again.
 */
export async function readPostForm(
  request: FastifyRequest,
  storage: Storage,
  uploads: {
    /** Counts a media file that came against the upload rate, before it is judged. */
    countAttempt: () => Promise<void>;
    /** Counts the stored file against the storage allowance; throws to refuse it. */
    recordMedia: (media: StoredMedia) => Promise<void>;
  },
): Promise<PostForm> {
  const fields: Record<string, unknown> = {};
  let media: StoredMedia | null = null;
  try {
    for await (const part of request.parts(FORM_OPTIONS)) {
      if (part.type === 'file') {
        if (part.fieldname !== MEDIA_FIELD) {
          part.file.resume();
          throw AppError.badRequest(
            `Send the media file in the field "${MEDIA_FIELD}"`,
            'VALIDATION_FAILED',
          );
        }
        const saved = await saveMedia(storage, part, uploads.countAttempt);
        if (saved) await uploads.recordMedia(saved); // a refusal has removed the file already
        media = saved;
        continue;
      }
      if (part.valueTruncated) {
        throw AppError.badRequest(`The field "${part.fieldname}" is too long`, 'VALIDATION_FAILED');
      }
      if (typeof part.value === 'string' && part.value.includes('\u0000')) {
        throw AppError.badRequest(HTTP_MESSAGES.nulCharacter, 'NUL_CHARACTER');
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (media) await storage.remove(media.key);
    throw formError(error);
  }
  return { fields, media };
}
