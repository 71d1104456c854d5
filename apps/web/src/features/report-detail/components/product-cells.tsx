// The results table's cells, one file each (cell-kit.tsx holds what they share); importers use this one.
export {
  CellKitProvider,
  PopoverButton,
  statusReasonKey,
  Tag,
  useCellKit,
  type Countries,
  type TagColor,
} from './cell-kit';
export { CostProfit } from './cost-profit';
export { ProductDetails } from './product-details';
export { BasicInfo, SideCell } from './side-cells';
