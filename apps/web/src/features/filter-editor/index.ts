// The filter cards and their drafts: the report's Filters tab and the filter set drawer edit filters
// the same way, so both use this feature rather than one reaching into the other.
export { FilterCard } from './components/filter-card';
export type { FilterOptionLists } from './components/filter-inputs';
export type { Draft, Drafts } from './filter-drafts';
export { readAppliedFilters, TOO_MUCH, useFilterForm } from './use-filter-form';
export { FilterSearchBar, SEARCH_SHORTCUT } from './components/filter-search-bar';
export { searchableTexts, searchWords, showsCard } from './filter-search';
