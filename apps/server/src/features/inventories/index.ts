// What other features may use of this one: the quick check's "Add to inventory" (features/lookup).
export { addCheckedProduct, addRefusalError } from './products';
