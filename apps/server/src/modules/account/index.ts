/**
 * Account's door: the container builds the account service (the data export and the account
 * deletion), the app registers its routes.
 */
export { createAccountService, type AccountService } from './account.service.js';
export { registerAccountRoutes } from './account.routes.js';
