import {
  API_PATHS,
  ApiLogListQuerySchema,
  ApiLogListSchema,
  AUTH_MESSAGES,
  DEVELOPER_MESSAGES,
  envelope,
  MeSchema,
  postLinkOriginsOf,
  PROFILE_MESSAGES,
  ProfileSchema,
  type NetworkId,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, requireActor, requireUser } from '../auth/index.js';
import type { CustomerService } from './customer.service.js';
import { readProfileForm } from './profile-form.js';

const tags = ['Customer'];
const security = [{ bearerAuth: [] }];

export function registerCustomerRoutes(
  app: AppInstance,
  instance: {
    simulatedNetworks: boolean;
    scheduleInAMinute: boolean;
    networks: { webUrls: Partial<Record<NetworkId, string>> };
    openai: { apiKey: string | undefined };
    search: {
      mediastackAccessKey: string | undefined;
      googleCseKey: string | undefined;
      googleCseCx: string | undefined;
    };
  },
  customer: CustomerService,
) {
  // The same origins the publication actions accept links on (container.ts).
  const postLinkOrigins = postLinkOriginsOf(instance.networks.webUrls);
  app.get(
    API_PATHS.me,
    {
      // The session check every page load starts with: read from the database, so a
      // revoked session or role change shows on the next load on every process. It names
      // the caller's role in the workspace the request names (X-Workspace-Id).
      preHandler: app.authenticateFresh,
      schema: {
        tags,
        summary: 'The signed-in customer',
        security,
        response: { 200: envelope(MeSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const actor = requireActor(request);
      const aiConfigured = Boolean(instance.openai.apiKey);
      const newsSearch = Boolean(instance.search.mediastackAccessKey);
      const webSearch = Boolean(instance.search.googleCseKey && instance.search.googleCseCx);
      const access = await customer.planAccess(user.id);
      const ai = !aiConfigured ? 'off' : access.hasAi ? 'on' : 'not_on_plan';
      return {
        message: AUTH_MESSAGES.customerFetched,
        data: {
          id: user.id,
          name: user.name,
          email: user.email,
          is_admin: user.isAdmin,
          profile_image: user.avatarUrl,
          simulated_networks: instance.simulatedNetworks,
          role: actor.role,
          entity_ids: actor.entityIds,
          brand: await customer.brandOf(user.id),
          features: {
            ai,
            news_search: newsSearch,
            web_search: webSearch,
            api: access.hasApi,
            bulk_scheduling: access.hasBulkScheduling,
            schedule_in_a_minute: instance.scheduleInAMinute,
          } as const,
          post_link_origins: postLinkOrigins,
          setup_hint: user.isAdmin ? setupHint(aiConfigured, newsSearch, webSearch) : null,
        },
      };
    },
  );

  app.get(
    API_PATHS.customer,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The profile: name, email, profile_image, gender, address',
        response: { 200: envelope(ProfileSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: PROFILE_MESSAGES.fetched,
      data: await customer.getProfile(requireUser(request).id),
    }),
  );

  app.put(
    API_PATHS.customerUpdate,
    {
      preHandler: app.authenticate,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Update the profile (multipart: name, gender, address, optional profile_image; PNG, JPEG, WebP or GIF, at most 2 MB, at least 32x32, stored as a 256x256 WebP)',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: envelope(ProfileSchema), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readProfileForm(request, () => customer.countAvatarUpload(user.id));
      return {
        message: PROFILE_MESSAGES.updated,
        data: await customer.updateProfile(user.id, form.fields, form.avatar),
      };
    },
  );

  app.get(
    API_PATHS.apiLogs,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Developer Info: this account's AI calls, newest first, with this month's totals",
        querystring: ApiLogListQuerySchema,
        response: { 200: envelope(ApiLogListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: DEVELOPER_MESSAGES.fetched,
      data: await customer.listApiLogs(
        requireUser(request).id,
        request.query,
        entityAccess(request),
      ),
    }),
  );
}

/**
 * For admins only: what to configure so customers get the features the server hides now.
 * Customers never read a variable's name; the person who runs the server does.
 */
export function setupHint(ai: boolean, news: boolean, web: boolean): string | null {
  const missing = [
    ai ? null : 'AI writing (set OPENAI_API_KEY)',
    news ? null : 'news search (MEDIASTACK_ACCESS_KEY)',
    web ? null : 'web search (GOOGLE_CSE_KEY and GOOGLE_CSE_CX)',
  ].filter((item) => item !== null);
  return missing.length === 0 ? null : `Not set up on this server: ${missing.join(', ')}.`;
}
