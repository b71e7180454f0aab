import { API_PATHS, envelope, SIGN_OUT_MESSAGES, SignOutSchema } from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireToken, requireUser } from './authenticate.js';
import type { SignOut } from './sign-out.js';

export function registerSignOutRoute(app: AppInstance, signOut: SignOut) {
  app.post(
    API_PATHS.signOut,
    {
      preHandler: app.authenticate,
      bodyLimit: 1024,
      schema: {
        tags: ['Authentication'],
        security: [{ bearerAuth: [] }],
        summary:
          'Sign out: this token stops working; with { "everywhere": true } every token of the account does',
        body: SignOutSchema,
        response: { 200: envelope(z.null()), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const everywhere = request.body.everywhere === true;
      await signOut(requireUser(request).id, requireToken(request), everywhere);
      return {
        message: everywhere ? SIGN_OUT_MESSAGES.signedOutEverywhere : SIGN_OUT_MESSAGES.signedOut,
        data: null,
      };
    },
  );
}
