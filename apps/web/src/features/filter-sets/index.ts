// What other features may use of filter sets: the list hook, and the report's load and save controls.
export { useFilterSets } from './api/filter-sets';
export { LoadFilterSet, SaveFilterSetModal } from './components/filter-set-controls';
