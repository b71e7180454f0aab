/** Companies' door: the container builds the companies service, the app registers its routes. */
export { createCompaniesService, type CompaniesService } from './companies.service.js';
export { registerCompanyRoutes } from './companies.routes.js';
