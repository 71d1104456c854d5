// Orders (issue 60): what other parts of the server use of them.
export { registerOrderRoutes } from './routes';
export { orderJobs, ordersDepsOf } from './jobs';
export type { OrdersDeps } from './deps';
