export * from './rules';
export * from './types';
export * from './cents';
export { resolveLane, dutyFor, type ResolvedLane, type Applied } from './resolve';
export type { MoneyState, Regime } from './evaluate';
export { breakdownOf, inBuyingCurrency } from './breakdown';
export { laneModel, type LaneModel } from './model';
export { parcelOf } from './parcel';
export * from './rules-in-force';
