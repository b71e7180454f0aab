/**
 * Connections' door: the container builds the connections and OAuth services, the token
 * lifecycle and the token sweep; the app registers the routes; publishing loads a
 * connection's usable credentials through the token lifecycle.
 */
export { createConnectionsService, type ConnectionsService } from './connections.service.js';
export { createOAuthService, type OAuthService } from './oauth.service.js';
export { registerConnectionRoutes } from './connections.routes.js';
export {
  createTokenLifecycle,
  keyFormTokenExpiry,
  type LoadedConnection,
  type TokenLifecycle,
  type UsableCredentials,
} from './token-lifecycle.js';
export { createTokenSweep } from './token-sweep.js';
/** Bluesky's sessions kept for every process (decision 139). */
export { createNetworkSessionStore } from './network-sessions.js';
/** Publishing marks a connection the network refused as needing a reconnect. */
export { markNeedsReconnect } from './connections.repository.js';
