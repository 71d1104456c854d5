// What other features may use of the report view: the filter card generator and its drafts.
export { FilterCard, type FilterCardProps } from './components/filter-card';
export type { FilterOptionLists } from './components/filter-inputs';
export { checkDrafts, draftsFromActive, type Draft, type Drafts } from './filter-drafts';
export { readAppliedFilters, useFilterForm, type Collected } from './use-filter-form';
