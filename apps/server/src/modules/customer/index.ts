/** Customer's door: the container builds the profile service, the app registers its routes. */
export { createCustomerService, type CustomerService } from './customer.service.js';
export { registerCustomerRoutes } from './customer.routes.js';
