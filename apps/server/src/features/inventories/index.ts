// What other features may use of this one: the quick check's "Add to inventory" (features/lookup), and
// how old a product's source may grow (features/listings).
export { addCheckedProduct, addRefusalError } from './products';
export { sourceMaxAgeHours } from './source-age';
