import {
  AccessTokenSchema,
  API_PATHS,
  AUTH_MESSAGES,
  envelope,
  OtpSentSchema,
  ResendOtpSchema,
  SignInSchema,
  SignUpSchema,
  SubmitOtpSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import type { AuthService } from './auth.service.js';

/** Auth bodies are a few short fields; anything bigger is not a person typing. */
const BODY_LIMIT = 16 * 1024;

export function registerAuthRoutes(app: AppInstance, auth: AuthService) {
  const common = { tags: ['Authentication'] };

  app.post(
    API_PATHS.signUp,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        ...common,
        summary: 'Create an account and mail a registration code',
        description:
          'Answered alike for every address: one that already has an account is mailed that it has one instead of a code.',
        body: SignUpSchema,
        response: { 201: envelope(OtpSentSchema), ...errorResponses(400, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const data = await auth.signUp(request.body, request.ip);
      return reply.code(201).send({ message: AUTH_MESSAGES.signUpCodeSent, data });
    },
  );

  app.post(
    API_PATHS.submitOtp,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        ...common,
        summary: 'Submit a one-time code (registration or password reset)',
        body: SubmitOtpSchema,
        response: { 200: envelope(z.null()), ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => ({ message: await auth.submitOtp(request.body, request.ip), data: null }),
  );

  app.post(
    API_PATHS.resendOtp,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        ...common,
        summary: 'Send a new one-time code (also starts a password reset)',
        body: ResendOtpSchema,
        response: { 200: envelope(OtpSentSchema), ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => auth.resendOtp(request.body, request.ip),
  );

  app.post(
    API_PATHS.signIn,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        ...common,
        summary: 'Sign in and receive a bearer token',
        description:
          'Past the attempt limits a correct password is answered 403 SIGN_IN_CODE_REQUIRED and a code is mailed; the same request with `otp_code` then signs in.',
        body: SignInSchema,
        response: {
          200: envelope(AccessTokenSchema),
          ...errorResponses(400, 401, 403, 413, 429, 503),
        },
      },
    },
    async (request) => ({
      message: AUTH_MESSAGES.signedIn,
      data: await auth.signIn(request.body, request.ip),
    }),
  );
}
