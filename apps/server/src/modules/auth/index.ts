/**
 * Auth's door: the container builds sign-up/sign-in, tokens, the session cache and sign-out;
 * the app registers their routes and `authenticate`; every module's routes ask for the
 * signed-in account with `requireUser`; account checks a password with `verifyPassword`.
 */
export {
  createAuthService,
  DEFAULT_AUTH_LIMITS,
  type AuthLimits,
  type AuthService,
} from './auth.service.js';
export { registerAuthRoutes } from './auth.routes.js';
export {
  createAuthenticate,
  entityAccess,
  entityScope,
  requireActor,
  requireUser,
  type CurrentUser,
  type RequestActor,
  type WorkspaceGate,
} from './authenticate.js';
export { createTokenService, type TokenService } from './tokens.js';
export { createSessionCache, type SessionCache } from './session-cache.js';
export { createSignOut, type SignOut } from './sign-out.js';
export { registerSignOutRoute } from './sign-out.routes.js';
export { verifyPassword } from './password.js';
export { registerPasswordChangeRoute } from './password.routes.js';
/** Writes to the accounts table, which auth owns: profile, admin rights, deletion. */
export { deleteUser, setUserAdmin, updateProfile } from './auth.repository.js';
