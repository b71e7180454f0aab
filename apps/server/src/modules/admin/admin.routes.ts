import {
  API_PATHS,
  ADMIN_MESSAGES,
  AdminLogPageSchema,
  AdminLogsQuerySchema,
  AdminSettingSchema,
  AdminSettingsUpdateSchema,
  AdminUserDetailsSchema,
  AdminUserPageSchema,
  AdminUsersQuerySchema,
  DeploymentSchema,
  DeploymentUpdateSchema,
  envelope,
  IdParamsSchema,
  PublisherActionParamsSchema,
  ServicesSchema,
  StatsSchema,
  UserSubscriptionUpdateSchema,
  AdminPlanSchema,
  PlanUpdateSchema,
  PriceHistoryPageSchema,
  PriceHistoryQuerySchema,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { AppError } from '../../errors.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { AdminService } from './admin.service.js';

const tags = ['Admin'];
const security = [{ bearerAuth: [] }];

/**
 * The one admin guard: a signed-in account (401 otherwise) that is an admin (403). It runs
 * on request, before the body is even read, for every route registered under it.
 */
export function createAdminGuard(authenticate: (request: FastifyRequest) => Promise<void>) {
  return async function requireAdmin(request: FastifyRequest) {
    await authenticate(request);
    if (!requireUser(request).isAdmin) {
      throw AppError.forbidden(ADMIN_MESSAGES.onlyAdmins, 'ADMIN_ONLY');
    }
  };
}

/** The admin who is acting (the guard has run). */
const actorOf = (request: FastifyRequest) => requireUser(request);

export function registerAdminRoutes(app: AppInstance, admin: AdminService) {
  // The customers' banner before a planned deployment: any signed-in person.
  app.get(
    API_PATHS.publicDeployment,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The next planned deployment, within its last 24 hours (else null)',
        response: { 200: envelope(DeploymentSchema), ...errorResponses(401) },
      },
    },
    async () => ({
      message: ADMIN_MESSAGES.deploymentFetched,
      data: await admin.upcomingDeployment(),
    }),
  );

  void app.register((scope, _options, done) => {
    scope.addHook('onRequest', createAdminGuard(app.authenticate));
    registerGuardedRoutes(scope.withTypeProvider<ZodTypeProvider>(), admin);
    done();
  });
}

function registerGuardedRoutes(app: AppInstance, admin: AdminService) {
  const refused = errorResponses(401, 403);

  app.get(
    API_PATHS.adminSettings,
    {
      schema: {
        tags,
        security,
        summary: 'Every admin setting with its value, range, unit and description',
        response: { 200: envelope(z.array(AdminSettingSchema)), ...refused },
      },
    },
    async () => ({ message: ADMIN_MESSAGES.settingsFetched, data: await admin.listSettings() }),
  );

  app.put(
    API_PATHS.adminSettings,
    {
      schema: {
        tags,
        security,
        summary: 'Save settings; one value out of range refuses the whole request',
        body: AdminSettingsUpdateSchema,
        response: { 200: envelope(z.array(AdminSettingSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.settingsSaved,
      data: await admin.saveSettings(actorOf(request), request.body),
    }),
  );

  app.get(
    API_PATHS.adminDeployment,
    {
      schema: {
        tags,
        security,
        summary: 'The next planned deployment or maintenance (null when none)',
        response: { 200: envelope(DeploymentSchema), ...refused },
      },
    },
    async () => ({ message: ADMIN_MESSAGES.deploymentFetched, data: await admin.readDeployment() }),
  );

  app.put(
    API_PATHS.adminDeployment,
    {
      schema: {
        tags,
        security,
        summary: 'Set the next planned deployment (ISO date-time)',
        body: DeploymentUpdateSchema,
        response: { 200: envelope(DeploymentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.deploymentSaved,
      data: await admin.setDeployment(actorOf(request), request.body.next_deployment),
    }),
  );

  app.delete(
    API_PATHS.adminDeployment,
    {
      schema: {
        tags,
        security,
        summary: 'Clear the next planned deployment',
        response: { 200: envelope(DeploymentSchema), ...refused },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.deploymentCleared,
      data: await admin.setDeployment(actorOf(request), null),
    }),
  );

  app.get(
    API_PATHS.adminServices,
    {
      schema: {
        tags,
        security,
        summary: 'One card per service from heartbeats and live probes, and the host',
        response: { 200: envelope(ServicesSchema), ...refused },
      },
    },
    async () => ({
      message: ADMIN_MESSAGES.servicesFetched,
      data: await admin.serviceMonitoring(),
    }),
  );

  app.post(
    API_PATHS.adminPublisherAction,
    {
      schema: {
        tags,
        security,
        summary: 'Start, stop or restart publishing on every worker',
        params: PublisherActionParamsSchema,
        response: { 200: envelope(ServicesSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.serviceActionDone(request.params.action),
      data: await admin.publisherAction(actorOf(request), request.params.action),
    }),
  );

  app.get(
    API_PATHS.adminStats,
    {
      schema: {
        tags,
        security,
        summary: 'Totals, API calls and publications per day (last 30 days)',
        response: { 200: envelope(StatsSchema), ...refused },
      },
    },
    async () => ({ message: ADMIN_MESSAGES.statsFetched, data: await admin.stats() }),
  );

  app.get(
    API_PATHS.adminLogs,
    {
      schema: {
        tags,
        security,
        summary: "Every customer's publishing log and the admin audit entries, newest first",
        querystring: AdminLogsQuerySchema,
        response: { 200: envelope(AdminLogPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.logsFetched,
      data: await admin.logs(request.query),
    }),
  );

  app.get(
    API_PATHS.adminUsers,
    {
      schema: {
        tags,
        security,
        summary: 'Accounts with their plan, newest first; q searches the email',
        querystring: AdminUsersQuerySchema,
        response: { 200: envelope(AdminUserPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.usersFetched,
      data: await admin.users(request.query),
    }),
  );

  app.get(
    API_PATHS.adminUser,
    {
      schema: {
        tags,
        security,
        summary: 'One account: email, dates, admin flag, plan and price override',
        params: IdParamsSchema,
        response: { 200: envelope(AdminUserDetailsSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.userFetched,
      data: await admin.user(request.params.id),
    }),
  );

  app.post(
    API_PATHS.adminUserAdminAccess,
    {
      schema: {
        tags,
        security,
        summary: 'Grant or remove admin access; answers whether the user is now admin',
        params: IdParamsSchema,
        response: {
          200: envelope(z.object({ is_admin: z.boolean() })),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const isAdmin = await admin.toggleAdmin(actorOf(request), request.params.id);
      return {
        message: isAdmin ? ADMIN_MESSAGES.adminGranted : ADMIN_MESSAGES.adminRemoved,
        data: { is_admin: isAdmin },
      };
    },
  );

  app.put(
    API_PATHS.adminUserSubscription,
    {
      schema: {
        tags,
        security,
        summary: 'Put a customer on a tier without payment, with an optional price of their own',
        params: IdParamsSchema,
        body: UserSubscriptionUpdateSchema,
        response: { 200: envelope(AdminUserDetailsSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.subscriptionUpdated,
      data: await admin.setSubscription(actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    API_PATHS.adminPlans,
    {
      schema: {
        tags,
        security,
        summary: 'Every plan with its monthly price and sale (dollars), cheapest first',
        response: { 200: envelope(z.array(AdminPlanSchema)), ...refused },
      },
    },
    async () => ({ message: ADMIN_MESSAGES.plansFetched, data: await admin.plans() }),
  );

  app.patch(
    API_PATHS.adminPlan,
    {
      schema: {
        tags,
        security,
        summary: "Change a plan's price, sale and highlight points; writes the price history",
        params: IdParamsSchema,
        body: PlanUpdateSchema,
        response: { 200: envelope(AdminPlanSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.planUpdated,
      data: await admin.updatePlan(actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    API_PATHS.adminPriceHistory,
    {
      schema: {
        tags,
        security,
        summary: 'Price changes, newest first, with the plan and who changed it',
        querystring: PriceHistoryQuerySchema,
        response: { 200: envelope(PriceHistoryPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      message: ADMIN_MESSAGES.priceHistoryFetched,
      data: await admin.priceHistory(request.query.page, request.query.pageSize),
    }),
  );
}
