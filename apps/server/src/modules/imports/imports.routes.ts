import {
  API_PATHS,
  envelope,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  ImportInvalidSchema,
  ImportQuerySchema,
  ImportResultSchema,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, requireActor, requireUser } from '../auth/index.js';
import { ImportInvalidError, type ImportsService } from './imports.service.js';

const FORM_OPTIONS = {
  // Answered with our own 413 below, after the parser drained the rest of the file.
  throwFileSizeLimit: false,
  limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 },
};

const fileError = (message: string) => AppError.badRequest(message, 'VALIDATION_FAILED');

/**
 * The CSV file of a multipart form, whole (at most 5 MB, so it is held in memory): one
 * file in the field `file`; a larger one is cut off by the parser at one byte over and
 * refused with 413.
 */
async function readImportUpload(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw fileError(IMPORT_MESSAGES.fileMissing);
  let bytes: Uint8Array | undefined;
  try {
    for await (const part of request.parts(FORM_OPTIONS)) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMPORT_FILE_FIELD) {
        part.file.resume();
        throw fileError(IMPORT_MESSAGES.fileMissing);
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated)
        throw AppError.payloadTooLarge(IMPORT_MESSAGES.tooBig, 'PAYLOAD_TOO_LARGE');
      bytes = buffer;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw fileError(IMPORT_MESSAGES.onlyOneFile);
    throw error;
  }
  if (!bytes || bytes.length === 0) throw fileError(IMPORT_MESSAGES.fileMissing);
  return bytes;
}

export function registerImportRoutes(app: AppInstance, imports: ImportsService) {
  app.post(
    API_PATHS.postImport,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Posts'],
        security: [{ bearerAuth: [] }],
        summary: `Posts from a CSV file (multipart, field \`${IMPORT_FILE_FIELD}\`, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} rows), all or none; \`dry_run=true\` checks every row and writes nothing`,
        consumes: ['multipart/form-data'],
        querystring: ImportQuerySchema,
        response: {
          200: envelope(ImportResultSchema),
          201: envelope(ImportResultSchema),
          422: ImportInvalidSchema,
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      // Refused before the file is taken in.
      await imports.assertOnPlan(userId);
      const bytes = await readImportUpload(request);
      const isDryRun = request.query.dry_run === true;
      try {
        const result = await imports.importFile(
          userId,
          bytes,
          isDryRun,
          entityAccess(request),
          requireActor(request).id,
        );
        if (isDryRun) return { message: IMPORT_MESSAGES.checked, data: result };
        return reply
          .code(201)
          .send({ message: IMPORT_MESSAGES.imported(result.rows.length), data: result });
      } catch (error) {
        if (!(error instanceof ImportInvalidError)) throw error;
        request.log.info({ statusCode: 422, code: error.code }, 'request refused');
        return reply.code(422).send({
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: error.message,
          code: error.code,
          data: error.result,
        });
      }
    },
  );
}
