// What other features use of lanes: the settings in force and the snapshot a report is priced with.
export { laneInForce, profileCountry } from './repo';
export { laneNow, snapshotLane } from './report-snapshot';
export { registerLaneRoutes } from './routes';
