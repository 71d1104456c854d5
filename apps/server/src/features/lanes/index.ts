// What other features use of lanes: the settings in force and a report's resolved lane.
export { laneInForce, profileCountry } from './repo';
export { registerLaneRoutes } from './routes';
