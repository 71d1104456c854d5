// What other features may use of this one.
export { usePlans, type PlanCard } from './api/use-plans';
export { PlanCards } from './components/plan-cards';
