// Watches and notifications (issue 49): what other parts of the server use of them.
export { fireWatches, type Seen } from './fire-watches';
export { registerWatchRoutes } from './routes';
export { watchJobs } from './jobs';
