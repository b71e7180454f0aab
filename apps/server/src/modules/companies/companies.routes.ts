import {
  API_PATHS,
  COMPANY_MESSAGES,
  CompanyIdParamsSchema,
  CompanyInputSchema,
  CompanyListSchema,
  CompanySchema,
  envelope,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  LogoUploadSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { actorOf } from '../approvals/index.js';
import { entityScope, requireUser } from '../auth/index.js';
import type { CompaniesService } from './companies.service.js';

const tags = ['Entities'];
const security = [{ bearerAuth: [] }];

export function registerCompanyRoutes(app: AppInstance, companies: CompaniesService) {
  const guarded = { preHandler: app.authenticate };

  app.get(
    API_PATHS.companies,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "The customer's companies and the networks their plan allows",
        response: { 200: envelope(CompanyListSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: COMPANY_MESSAGES.fetched,
      data: await companies.list(requireUser(request).id, { entityIds: entityScope(request) }),
    }),
  );

  app.post(
    API_PATHS.companies,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Add a company',
        body: CompanyInputSchema,
        response: { 201: envelope(CompanySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const company = await companies.create(requireUser(request).id, request.body);
      return reply.code(201).send({ message: COMPANY_MESSAGES.created, data: company });
    },
  );

  app.put(
    API_PATHS.company,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Edit a company',
        params: CompanyIdParamsSchema,
        body: CompanyInputSchema,
        response: { 200: envelope(CompanySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: COMPANY_MESSAGES.updated,
      data: await companies.update(
        requireUser(request).id,
        request.params.id,
        request.body,
        { entityIds: entityScope(request) },
        actorOf(request),
      ),
    }),
  );

  app.delete(
    API_PATHS.company,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Delete a company with its connections, posts and schedules',
        params: CompanyIdParamsSchema,
        response: { 200: envelope(z.null()), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await companies.remove(requireUser(request).id, request.params.id, {
        entityIds: entityScope(request),
      });
      return { message: COMPANY_MESSAGES.deleted, data: null };
    },
  );

  app.post(
    API_PATHS.companyLogo,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          'Upload a company logo (multipart, the file in field `file`): PNG, JPEG or SVG, under 2 MB',
        consumes: ['multipart/form-data'],
        response: {
          201: envelope(LogoUploadSchema),
          ...errorResponses(400, 401, 413, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw AppError.badRequest(LOGO_MESSAGES.missing, 'LOGO_MISSING');
      const file = await request.file({
        limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 },
      });
      if (!file || file.fieldname !== 'file')
        throw AppError.badRequest(LOGO_MESSAGES.missing, 'LOGO_MISSING');
      // The attempt is counted before the bytes are read, so a file refused as too large
      // counts too; refused before, the rest of the file is drained, not left hanging.
      let isRead = false;
      const read = async () => {
        isRead = true;
        try {
          return await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw AppError.payloadTooLarge(LOGO_MESSAGES.size, 'LOGO_TOO_LARGE');
          }
          throw error;
        }
      };
      const data = await companies.uploadLogo(user.id, read).catch((error: unknown) => {
        if (!isRead) file.file.resume();
        throw error;
      });
      return reply.code(201).send({ message: 'Logo uploaded successfully', data });
    },
  );
}
