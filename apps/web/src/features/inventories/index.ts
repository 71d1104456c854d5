// What other features may use of inventories: their API hooks (the pages are the router's).
export { useAddInventoryProducts, useCreateInventory, useInventories } from './api/inventories';
