import { API_PATHS, AUTH_MESSAGES, envelope, MeSchema } from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/authenticate.js';

export function registerCustomerRoutes(app: AppInstance, instance: { simulatedNetworks: boolean }) {
  app.get(
    API_PATHS.me,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Customer'],
        summary: 'The signed-in customer',
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(MeSchema), ...errorResponses(401) },
      },
    },
    (request) => {
      const user = requireUser(request);
      return {
        message: AUTH_MESSAGES.customerFetched,
        data: {
          id: user.id,
          name: user.name,
          email: user.email,
          is_admin: user.isAdmin,
          simulated_networks: instance.simulatedNetworks,
        },
      };
    },
  );
}
