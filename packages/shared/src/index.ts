export * from './api.js';
export * from './auth.js';
export * from './companies.js';
export * from './connections.js';
export * from './messages.js';
export * from './networks.js';
export * from './plans.js';
export * from './routes.js';
