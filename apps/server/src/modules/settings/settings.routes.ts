import {
  API_PATHS,
  envelope,
  SETTINGS_MESSAGES,
  UserSettingsSchema,
  UserSettingsUpdateSchema,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { SettingsService } from './settings.service.js';

const tags = ['Settings'];
const security = [{ bearerAuth: [] }];

export function registerSettingsRoutes(app: AppInstance, settings: SettingsService) {
  app.get(
    API_PATHS.settings,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The time zone setting (null until saved: the browser zone, then UTC, applies)',
        response: { 200: envelope(UserSettingsSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: SETTINGS_MESSAGES.fetched,
      data: await settings.read(requireUser(request).id),
    }),
  );

  app.put(
    API_PATHS.settings,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Save the time zone (an IANA name) and the daylight-saving option',
        body: UserSettingsUpdateSchema,
        response: { 200: envelope(UserSettingsSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: SETTINGS_MESSAGES.saved,
      data: await settings.save(requireUser(request).id, request.body),
    }),
  );
}
