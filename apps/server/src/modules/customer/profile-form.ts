import {
  AVATAR_MAX_BYTES,
  HTTP_MESSAGES,
  PROFILE_MESSAGES,
  ProfileUpdateSchema,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';

export const AVATAR_FIELD = 'profile_image';
const TEXT_FIELDS = new Set(['name', 'gender', 'address']);

const FORM_OPTIONS = {
  limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024 },
};

function formError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return AppError.payloadTooLarge(PROFILE_MESSAGES.avatarSize, 'AVATAR_TOO_LARGE');
  if (code === 'FST_FILES_LIMIT')
    return AppError.badRequest('Send one profile image only', 'VALIDATION_FAILED');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return AppError.badRequest('The form has too many fields', 'VALIDATION_FAILED');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION')
    return AppError.badRequest(
      'The form could not be read. Send it as multipart/form-data',
      'VALIDATION_FAILED',
    );
  if (error instanceof Error && /terminated early|Unexpected end/i.test(error.message))
    return AppError.badRequest('The form was cut short. Please send it again', 'VALIDATION_FAILED');
  return error;
}

/**
 * Reads `PUT /customer/update`: multipart (name, gender, address, optional profile_image)
 * or, without an image, plain JSON. The image is held in memory (at most 2 MB) to be judged.
 * `countUpload` counts an image that came (stored or refused, too large included; an empty
 * part, a file input left empty, is no upload) and throws to refuse it.
 */
export async function readProfileForm(request: FastifyRequest, countUpload: () => Promise<void>) {
  const fields: Record<string, unknown> = {};
  let avatar: Buffer | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts(FORM_OPTIONS)) {
        if (part.type === 'file') {
          if (part.fieldname !== AVATAR_FIELD) {
            part.file.resume();
            throw AppError.badRequest(
              `Send the image in the field "${AVATAR_FIELD}"`,
              'VALIDATION_FAILED',
            );
          }
          let bytes: Buffer;
          try {
            bytes = await part.toBuffer();
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') await countUpload();
            throw error;
          }
          // An empty file part is what a form sends when no file was chosen.
          if (bytes.length > 0) await countUpload();
          avatar = bytes.length > 0 ? bytes : null;
          continue;
        }
        if (!TEXT_FIELDS.has(part.fieldname))
          throw AppError.badRequest(
            PROFILE_MESSAGES.unknownField(part.fieldname),
            'VALIDATION_FAILED',
          );
        if (typeof part.value === 'string' && part.value.includes('\u0000'))
          throw AppError.badRequest(HTTP_MESSAGES.nulCharacter, 'NUL_CHARACTER');
        fields[part.fieldname] = part.value;
      }
    } catch (error) {
      throw formError(error);
    }
  } else if (request.body && typeof request.body === 'object') {
    Object.assign(fields, request.body);
  }
  const parsed = ProfileUpdateSchema.safeParse(fields);
  if (!parsed.success) {
    throw AppError.badRequest(
      parsed.error.issues[0]?.message ?? PROFILE_MESSAGES.updateFailed,
      'VALIDATION_FAILED',
    );
  }
  return { fields: parsed.data, avatar };
}
