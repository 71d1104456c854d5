// What other features may use of the report view: the filter card generator and its drafts, the
// settings fields (the inventory form holds the same ones) and the product links.
export { FilterCard, type FilterCardProps } from './components/filter-card';
export type { FilterOptionLists } from './components/filter-inputs';
export { productUrl } from './components/product-cells';
export { clearChangedErrors, replaceSettings, SettingsFields } from './components/settings-fields';
export type { SettingsScope } from './components/settings-scope';
export { checkDrafts, draftsFromActive, type Draft, type Drafts } from './filter-drafts';
export { readAppliedFilters, TOO_MUCH, useFilterForm, type Collected } from './use-filter-form';
