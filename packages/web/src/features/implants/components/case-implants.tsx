import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import {
  formatToothText,
  implantMessages,
  type Collection,
  type CollectionCase,
  type Implant,
  type ImplantBody,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ToothConventionToggle } from '../../../components/tooth-chart';
import { isApiError } from '../../../lib/api-client';
import { useToothConvention } from '../../me/hooks/use-tooth-convention';
import { useCreateImplant } from '../api/create-implant';
import { useDeleteImplant } from '../api/delete-implant';
import { useCaseImplants } from '../api/get-case-implants';
import { useImplantPlatforms } from '../api/get-implant-platforms';
import { findImplantMarket } from '../api/implant-market';
import { usePatchImplant } from '../api/patch-implant';
import { useUpdateImplant } from '../api/update-implant';
import { CloneImplantsDialog } from './clone-implants-dialog';
import { ImplantCard } from './implant-card';
import { ImplantFormDialog } from './implant-form-dialog';

type CaseImplantsProps = {
  collection: Collection;
  caseItem: CollectionCase;
  isEditing: boolean;
  /** The stock chip of a screw or ti-base by its warehouse code (composed by the page). */
  renderPartStock?: (code: string) => ReactNode;
};

/** Spec §2 Overview: the implant list scrolls at 600 px. */
const listHeight = 600;

type FormTarget = { implant: Implant | null };

/** The case's implants; add, edit, remove and clone only while the overview is in edit mode. */
export const CaseImplants = ({ collection, caseItem, isEditing, renderPartStock }: CaseImplantsProps) => {
  const [convention, setConvention] = useToothConvention();
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [removing, setRemoving] = useState<Implant | null>(null);
  const [isCloning, setIsCloning] = useState(false);
  const market = findImplantMarket(collection);
  const implantsQuery = useCaseImplants(caseItem.uid, caseItem.implants);
  const platformsQuery = useImplantPlatforms(market);
  const createImplant = useCreateImplant(collection.uid, caseItem.uid);
  const updateImplant = useUpdateImplant(collection.uid, caseItem.uid);
  const patchImplant = usePatchImplant(collection.uid, caseItem.uid);
  const deleteImplant = useDeleteImplant(collection.uid, caseItem.uid);

  const implants = [...(implantsQuery.data ?? caseItem.implants)].sort((a, b) => a.tooth - b.tooth);
  const save = formTarget?.implant ? updateImplant : createImplant;
  const isBusy = patchImplant.isPending || deleteImplant.isPending;

  const openForm = (implant: Implant | null) => {
    createImplant.reset();
    updateImplant.reset();
    setFormTarget({ implant });
  };
  const handleSubmit = (body: ImplantBody) => {
    const onSuccess = () => setFormTarget(null);
    const implantId = formTarget?.implant?.id;
    if (implantId === undefined) createImplant.mutate(body, { onSuccess });
    else updateImplant.mutate({ implantId, body }, { onSuccess });
  };
  const handleRemove = () => {
    if (removing) deleteImplant.mutate(removing.id, { onSettled: () => setRemoving(null) });
  };
  const actionError = patchImplant.error ?? deleteImplant.error;

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Implants
        </Typography>
        <ToothConventionToggle convention={convention} onChange={setConvention} />
        {isEditing && (
          <>
            <Button variant="outlined" size="small" onClick={() => setIsCloning(true)}>
              Clone Implants
            </Button>
            <Button
              variant="contained"
              size="small"
              onClick={() => openForm(null)}
              disabled={market === null}
            >
              Add Implant
            </Button>
          </>
        )}
      </Stack>
      {market === null && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {implantMessages.noFulfillmentBranch}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {isApiError(actionError) ? actionError.message : 'The implant could not be changed'}
        </Alert>
      )}
      {/* Cards keep their height: the list scrolls instead of squeezing them. */}
      <Stack
        spacing={1}
        sx={{ maxHeight: listHeight, overflowY: 'auto', '& > *': { flexShrink: 0 } }}
        data-testid="implant-list"
      >
        {implants.length === 0 && <Typography color="text.secondary">None Added</Typography>}
        {implants.map((implant) => (
          <ImplantCard
            key={implant.id}
            implant={implant}
            convention={convention}
            platforms={platformsQuery.data}
            isEditing={isEditing}
            isBusy={isBusy}
            renderPartStock={renderPartStock}
            onEdit={() => openForm(implant)}
            onRemove={() => setRemoving(implant)}
            onTurnOn={(option) =>
              patchImplant.mutate({
                implantId: implant.id,
                patch: option === 'bi_axial' ? { bi_axial: true } : { engaging: true },
              })
            }
          />
        ))}
      </Stack>
      {formTarget && market && (
        <ImplantFormDialog
          implant={formTarget.implant}
          market={market}
          takenTeeth={implants.map((implant) => implant.tooth)}
          convention={convention}
          isSaving={save.isPending}
          error={save.error}
          onConventionChange={setConvention}
          onSubmit={handleSubmit}
          onClose={() => setFormTarget(null)}
        />
      )}
      {isCloning && (
        <CloneImplantsDialog
          collection={collection}
          caseItem={caseItem}
          hasImplants={implants.length > 0}
          onClose={() => setIsCloning(false)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title="Remove Implant"
        message={
          removing
            ? `Remove the implant at tooth ${formatToothText(removing.tooth, convention)}? Are you sure?`
            : ''
        }
        confirmLabel="Remove"
        isBusy={deleteImplant.isPending}
        onConfirm={handleRemove}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
};
