// What other features may use of filter sets.
export { useCreateFilterSet, useFilterSets } from './api/filter-sets';
