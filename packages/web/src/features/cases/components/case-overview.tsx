import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { useState, type ReactNode } from 'react';
import type { Collection, CollectionCase } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useCaseAction } from '../api/post-case-action';
import { useComponentCatalogue } from '../api/get-component-catalogue';
import {
  findChangedParts,
  findNextGroupNumber,
  isDelegationShown,
  listDelegates,
  toCaseEdit,
  toCaseEditValues,
  toComponentEdit,
  toFormErrors,
  validateCaseEdit,
  type CaseEditErrors,
  type CaseEditValues,
} from '../case-edit-rules';
import { CaseDetailsEdit } from './case-details-edit';
import { CaseDetailsRead } from './case-details-read';
import { MachineProjectCard, PickingSlipsCard, RelatedCasesCard, WarrantyCard } from './case-side-cards';

type CaseOverviewProps = {
  collection: Collection;
  caseItem: CollectionCase;
  onOpenCase: (caseUid: string) => void;
  /** The implant list (another feature), told whether the overview is in Edit mode. */
  renderImplants: (isEditing: boolean) => ReactNode;
};

type EditSession = { before: CaseEditValues; values: CaseEditValues; groupCounter: number };

/** The Overview tab: the case's details, read or edited, its side cards and the implant list. */
export const CaseOverview = ({ collection, caseItem, onOpenCase, renderImplants }: CaseOverviewProps) => {
  const reference = useReferenceData();
  const caseAction = useCaseAction(collection.uid);
  const [session, setSession] = useState<EditSession | null>(null);
  const [errors, setErrors] = useState<CaseEditErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const isEditing = session !== null;
  usePauseAutoRefresh(isEditing);

  const attachments = useComponentCatalogue(collection.uid, 'attachment_list', isEditing);
  const analogs = useComponentCatalogue(collection.uid, 'analog_list', isEditing);
  const genericComponents = useComponentCatalogue(collection.uid, 'generic_component_list', isEditing);

  const status = reference.statuses.find((item) => item.id === caseItem.status_id);
  const isDelegationOffered = isDelegationShown(caseItem);
  const usedGroupNumbers = collection.cases
    .filter((other) => other.uid !== caseItem.uid && other.group_number !== null)
    .map((other) => other.group_number ?? 0);

  const handleEdit = () => {
    const values = toCaseEditValues(caseItem);
    setSession({ before: values, values, groupCounter: 1 });
    setErrors({});
    setSaveError(null);
  };
  const handleCancel = () => {
    setSession(null);
    setErrors({});
    setSaveError(null);
  };
  const handleChange = (values: CaseEditValues) =>
    setSession((current) => {
      if (!current) return current;
      // Taking the session's new group moves its counter on, so the next new group gets the next number.
      const isNewGroupTaken =
        values.group_number !== null &&
        values.group_number === findNextGroupNumber(current.groupCounter, usedGroupNumbers);
      return {
        ...current,
        values,
        groupCounter: isNewGroupTaken ? (values.group_number ?? 0) + 1 : current.groupCounter,
      };
    });

  const handleSave = async () => {
    if (!session) return;
    const found = validateCaseEdit(session.values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { isCaseChanged, isComponentsChanged, isGroupChanged } = findChangedParts(
      session.before,
      session.values,
    );
    const caseId = caseItem.case_id;
    try {
      if (isCaseChanged) {
        const edit = {
          ...toCaseEdit(session.values),
          fulfillment_branch_id: collection.fulfillment_branch_id,
        };
        await caseAction.mutateAsync({ caseId, action: { action: 'edit_case', case: edit } });
      }
      if (isComponentsChanged) {
        await caseAction.mutateAsync({
          caseId,
          action: { action: 'edit_component', case: toComponentEdit(session.values) },
        });
      }
      if (isGroupChanged) {
        await caseAction.mutateAsync({
          caseId,
          action: { action: 'edit_group_number', group_number: session.values.group_number },
        });
      }
      handleCancel();
    } catch (failure) {
      if (isApiError(failure) && failure.fields) setErrors(toFormErrors(failure.fields));
      setSaveError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
            Case Details
          </Typography>
          {isEditing ? (
            <>
              <Button onClick={handleCancel} disabled={caseAction.isPending}>
                Cancel
              </Button>
              <Button variant="contained" onClick={() => void handleSave()} disabled={caseAction.isPending}>
                Save
              </Button>
            </>
          ) : (
            <Button variant="outlined" startIcon={<EditIcon />} onClick={handleEdit}>
              Edit
            </Button>
          )}
        </Stack>
        {saveError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {saveError}
          </Alert>
        )}
        {session ? (
          <CaseDetailsEdit
            values={session.values}
            errors={errors}
            reference={reference}
            catalogues={{
              attachments: attachments.data ?? [],
              analogs: analogs.data ?? [],
              generic_components: genericComponents.data ?? [],
            }}
            delegates={isDelegationOffered ? listDelegates(status, reference.employees) : null}
            groupNumbers={{
              used: [...new Set(usedGroupNumbers)].sort((a, b) => a - b),
              next: findNextGroupNumber(session.groupCounter, usedGroupNumbers),
            }}
            onChange={handleChange}
          />
        ) : (
          <CaseDetailsRead caseItem={caseItem} isDelegationShown={isDelegationOffered} />
        )}
        {/* The implant list scrolls at 600 px by itself; a second scroller here would hide its heading and
            Add Implant button. */}
        <Box sx={{ mt: 3 }}>{renderImplants(isEditing)}</Box>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Stack spacing={2}>
          <WarrantyCard collectionUid={collection.uid} caseItem={caseItem} />
          <MachineProjectCard caseItem={caseItem} />
          <RelatedCasesCard caseItem={caseItem} onOpenCase={onOpenCase} />
          <PickingSlipsCard collectionUid={collection.uid} caseItem={caseItem} />
        </Stack>
      </Grid>
    </Grid>
  );
};
