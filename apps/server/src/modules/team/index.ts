/**
 * Team's door: workspaces and members. Every account is a workspace (its id is the owner's
 * user id); `createTeamService` answers a person's standing in the workspace a request
 * names (used by auth's `authenticate` through the composition root), the members, the
 * invitations and the seats; `routeRuleOf` is the one table of which role may call which route.
 */
export { createTeamService, type TeamService, type Standing, type Actor } from './team.service.js';
export { registerTeamRoutes } from './team.routes.js';
export { ROUTE_RULES, routeRuleOf, type RouteRule } from './route-rules.js';
