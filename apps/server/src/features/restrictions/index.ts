// What other features may use: the report's phase is queued when its lookups finish (features/reports).
export { queueRestrictionPhase, requeueStalledPhases, restrictionJobs } from './jobs';
export { registerRestrictionRoutes } from './routes';
export { recheckInventoryRestrictions, RESTRICTION_CHECKS_PER_UPDATE } from './inventory-recheck';
// A report's lookups ask restrictions before offers (features/reports/restrictions-first.ts).
export { restrictionsOf, type RestrictionOwner } from './store';
