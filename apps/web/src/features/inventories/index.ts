// What other features may use of inventories: the hooks and the Create New drawer the report's Add to
// Inventory card needs, and the Settings tab's load and save controls (the pages are the router's).
export { useAddInventoryProducts, useInventories } from './api/inventories';
export { InventoryDrawer, type DrawerTarget } from './components/inventory-drawer';
export type { DryRunState } from './components/listings-section';
export { LoadInventorySettings, SaveInventoryModal } from './components/inventory-settings-controls';
