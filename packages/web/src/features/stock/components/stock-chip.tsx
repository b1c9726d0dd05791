import Chip from '@mui/material/Chip';
import { isStockOut, stockChipLabel } from '@lab/domain';
import { useStockOnHand } from '../api/get-stock-on-hand';

type StockChipProps = {
  /** The collection's fulfillment branch; without one there is no stock to show. */
  branchId: number | null;
  /** The part's warehouse code. */
  code: string;
};

/**
 * A part's stock on hand at the branch (collection-views §2 implant card): red at zero or less; nothing
 * while it loads or when the lookup fails (§8 'Stock lookup failure: silently no stock chip').
 */
export const StockChip = ({ branchId, code }: StockChipProps) => {
  const stock = useStockOnHand(branchId, code);
  if (!stock.data) return null;
  const isOut = isStockOut(stock.data);
  return (
    <Chip
      size="small"
      variant={isOut ? 'filled' : 'outlined'}
      color={isOut ? 'error' : 'success'}
      label={stockChipLabel(stock.data)}
      aria-label={`Stock on hand of ${code}: ${stock.data.quantity_on_hand}`}
      data-testid="stock-chip"
      data-stock-out={isOut}
    />
  );
};
