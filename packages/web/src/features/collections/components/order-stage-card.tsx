import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Collection } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useUpdateOrderStage } from '../api/update-order-stage';

const noStage = '';

/** The order stage selector: a choice saves at once (PATCH {order_stage}). */
export const OrderStageCard = ({ collection }: { collection: Collection }) => {
  const { orderStages } = useReferenceData();
  const update = useUpdateOrderStage(collection.uid);
  // Show the choice at once; the reload that follows confirms it.
  const value = update.isPending ? (update.variables ?? noStage) : (collection.order_stage?.id ?? noStage);

  return (
    <Card variant="outlined">
      <CardContent>
        <TextField
          select
          fullWidth
          size="small"
          label="Order Stage"
          value={value}
          disabled={update.isPending}
          onChange={(event) => {
            const next = event.target.value === noStage ? null : Number(event.target.value);
            update.mutate(next);
          }}
          error={update.isError}
          helperText={update.isError ? update.error.message : undefined}
        >
          <MenuItem value={noStage}>
            <em>None</em>
          </MenuItem>
          {orderStages.map((stage) => (
            <MenuItem key={stage.id} value={stage.id}>
              {stage.name}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
};
