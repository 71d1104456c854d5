// Price and rank history (issue 49): what other parts of the server use of it.
export { recordingHistory } from './record-history';
export { ensurePartitions } from './partitions';
export { historyJobs } from './jobs';
export { registerHistoryRoutes } from './routes';
