import Chip from '@mui/material/Chip';
import { isStockOut, stockChipLabel } from '@lab/domain';
import { useCaseShortages } from '../api/get-case-shortages';
import { useStockOnHand } from '../api/get-stock-on-hand';

type StockChipProps = {
  /** The collection's fulfillment branch; without one there is no stock to show. */
  branchId: number | null;
  /** The part's warehouse code. */
  code: string;
  /** The case the part is for: marked when the branch's stock will not cover it (Gauge MRP's shortages). */
  caseUid?: string;
};

/**
 * A part's stock on hand at the branch (collection-views §2 implant card): red at zero or less; nothing
 * while it loads or when the lookup fails (§8 'Stock lookup failure: silently no stock chip'). Beside it,
 * "Short for this case" when the stock, given to the cases due sooner first, will not cover this one.
 */
export const StockChip = ({ branchId, code, caseUid }: StockChipProps) => {
  const stock = useStockOnHand(branchId, code);
  const shortages = useCaseShortages(branchId === null ? undefined : caseUid);
  if (!stock.data) return null;
  const isOut = isStockOut(stock.data);
  const short = shortages.data?.parts.find((part) => part.code === code)?.short ?? 0;
  const chip = (
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
  if (short === 0) return chip;
  return (
    <>
      {chip}
      <Chip
        size="small"
        color="warning"
        label="Short for this case"
        title={`Stock at the branch goes to cases due sooner: this case lacks ${short}`}
        data-testid="case-short-chip"
      />
    </>
  );
};
