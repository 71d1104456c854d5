// What other parts of the server may use of this feature: its routes and jobs, and what removing a listed
// product from an inventory does on Amazon (features/inventories).
export { registerListingRoutes } from './routes';
export { listingJobs, listingsDepsOf, requeueStalledRuns } from './jobs';
export { listedAmong, queueListingRemoval, removeListings } from './remove-listings';
export type { ListingsDeps } from './publish';
export { accountListingsPaused, listingsPaused } from './repo';
export { sandboxSellerId } from './store-target';
export { zeroListingForOrder } from './zero-for-order';
export { zeroListingsForPack } from './zero-for-pack';
