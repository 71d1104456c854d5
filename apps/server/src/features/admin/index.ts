// What other features may use of this one.
export { registerAdminRoutes } from './routes';
export { isOperatorRequest } from './operator-scope';
export { startHeartbeat } from './system/heartbeat';
