// What other parts of the server may use of this feature: its routes and jobs, and what removing a listed
// product from an inventory does on Amazon (features/inventories).
export { registerListingRoutes } from './routes';
export { listingJobs, requeueStalledRuns } from './jobs';
export { listedAmong, queueListingRemoval } from './remove-listings';
export { accountListingsPaused, listingsPaused } from './repo';
