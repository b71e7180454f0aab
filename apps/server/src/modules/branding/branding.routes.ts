import {
  API_PATHS,
  BRANDING_MESSAGES,
  BrandingInputSchema,
  BrandingSchema,
  envelope,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { actorOf } from '../approvals/index.js';
import { requireUser } from '../auth/index.js';
import type { BrandingService } from './branding.service.js';

const tags = ['Team'];
const security = [{ bearerAuth: [] }];

export function registerBrandingRoutes(app: AppInstance, branding: BrandingService) {
  const guarded = { preHandler: app.authenticate };

  app.get(
    API_PATHS.teamBranding,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "The workspace's brand (white label) and the one its members and clients see",
        response: { 200: envelope(BrandingSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: 'Branding fetched successfully',
      data: await branding.read(requireUser(request).id),
    }),
  );

  app.put(
    API_PATHS.teamBranding,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          'Set the brand (owner only; white label plans): name, logo, accent colour readable on white (4.5:1)',
        body: BrandingInputSchema,
        response: { 200: envelope(BrandingSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      message: BRANDING_MESSAGES.saved,
      data: await branding.save(requireUser(request).id, actorOf(request), request.body),
    }),
  );
}
