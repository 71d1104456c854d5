// What other parts of the server may use of this feature: its routes and jobs.
export { registerListingRoutes } from './routes';
export { listingJobs } from './jobs';
