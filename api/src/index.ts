export * from './admin';
export {
  type ApiClient,
  ApiError,
  type CallInput,
  type CallOutput,
  type ClientOptions,
  createClient,
  requiresRecentLogin,
} from './client';
export * from './errors';
export { openApiDocument } from './openapi';
export { RETURN_PATH_MAX_LENGTH, safeReturnPath } from './return-path';
export { type RouteContract, type RouteName, routes, signInRoutes } from './routes';
export * from './schemas';
export { OWN_SECURITY_ACTIONS, type OwnSecurityAction } from './security-actions';
