/**
 * Account's door: the container builds the account service (export, deletion, the
 * account's own settings), the app registers its routes.
 */
export { createAccountService, type AccountService } from './account.service.js';
export { registerAccountRoutes } from './account.routes.js';
