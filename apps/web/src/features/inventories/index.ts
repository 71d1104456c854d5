// What other features may use of inventories.
export { useCreateInventory, useInventories } from './api/inventories';
