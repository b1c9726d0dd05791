import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useId, useRef, useState } from 'react';
import type { ItemOption } from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useInvoicingAction } from '../api/post-invoicing-action';
import {
  checkDraft,
  draftOf,
  hasDraftErrors,
  invoicingTexts,
  newDraft,
  toItemOptions,
  type OptionDraft,
  type OptionDraftErrors,
} from '../invoice-rules';
import { OptionRow } from './option-row';

type CaseOptionsFormProps = {
  collectionUid: string;
  caseId: number;
  caseMkey: string;
  jobTypeName: string;
  /** The case's options as saved; the parent remounts the form when they change. */
  options: readonly ItemOption[];
  isClosed: boolean;
  /** Told after a save, so the card (which the form's remount does not reset) can say it was saved. */
  onSaved?: (caseMkey: string) => void;
};

type Touched = ReadonlySet<string>;

/**
 * One case's item options (collection-views §3 'Item option', §5). Save sends edit_case_items on this
 * case with its whole list, which replaces the case's set. A field shows its message once it has been
 * changed or left, and every field does after a refused save.
 */
export const CaseOptionsForm = ({
  collectionUid,
  caseId,
  caseMkey,
  jobTypeName,
  options,
  isClosed,
  onSaved,
}: CaseOptionsFormProps) => {
  const titleId = useId();
  // Keys of rows added in this form; the saved ones are keyed by their position.
  const serial = useRef(0);
  const nextKey = () => {
    serial.current += 1;
    return `${caseMkey}-new-${serial.current}`;
  };
  const [drafts, setDrafts] = useState<OptionDraft[]>(() =>
    options.map((option, index) => draftOf(option, `${caseMkey}-saved-${index}`)),
  );
  const [isDirty, setIsDirty] = useState(false);
  const [touched, setTouched] = useState<Touched>(new Set());
  const [isAttempted, setIsAttempted] = useState(false);
  const action = useInvoicingAction(collectionUid);
  usePauseAutoRefresh(isDirty);

  const errorsOf = drafts.map(checkDraft);
  const shownErrors = (draft: OptionDraft, errors: OptionDraftErrors): OptionDraftErrors => {
    const isShown = (field: keyof OptionDraftErrors) => isAttempted || touched.has(`${draft.key}.${field}`);
    return {
      ...(isShown('description') && errors.description ? { description: errors.description } : {}),
      ...(isShown('amount') && errors.amount ? { amount: errors.amount } : {}),
    };
  };
  const touch = (key: string, field: keyof OptionDraftErrors) =>
    setTouched((current) => new Set(current).add(`${key}.${field}`));

  const update = (key: string, patch: Partial<OptionDraft>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
    setIsDirty(true);
    if (patch.amountText !== undefined || patch.is_percentage !== undefined) touch(key, 'amount');
    if (patch.description !== undefined) touch(key, 'description');
  };

  const handleAdd = () => {
    setDrafts((current) => [...current, newDraft(nextKey())]);
    setIsDirty(true);
  };

  const handleRemove = (key: string) => {
    setDrafts((current) => current.filter((draft) => draft.key !== key));
    setIsDirty(true);
  };

  const handleSave = () => {
    setIsAttempted(true);
    if (errorsOf.some(hasDraftErrors)) return;
    action.mutate(
      { caseId, action: { action: 'edit_case_items', case_item_options: toItemOptions(drafts, caseId) } },
      {
        // The reloaded options remount the form; an unchanged answer does not, so settle it here.
        onSuccess: () => {
          setIsDirty(false);
          setIsAttempted(false);
          onSaved?.(caseMkey);
        },
      },
    );
  };

  const isDisabled = isClosed || action.isPending;

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography id={titleId} variant="subtitle2" component="h4">
          {caseMkey}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {jobTypeName}
        </Typography>
      </Stack>
      {drafts.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {invoicingTexts.noOptions}
        </Typography>
      )}
      {drafts.map((draft, index) => (
        <OptionRow
          key={draft.key}
          draft={draft}
          errors={shownErrors(draft, errorsOf[index] ?? {})}
          isDisabled={isDisabled}
          onChange={(patch) => update(draft.key, patch)}
          onBlur={(field) => touch(draft.key, field)}
          onRemove={() => handleRemove(draft.key)}
        />
      ))}
      {action.isError && <Alert severity="error">{action.error.message}</Alert>}
      {!isClosed && (
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<AddIcon />} onClick={handleAdd} disabled={isDisabled}>
            Add Option
          </Button>
          <Button
            size="small"
            variant="contained"
            onClick={handleSave}
            disabled={isDisabled || !isDirty}
            aria-label={`Save options of ${caseMkey}`}
          >
            Save
          </Button>
        </Stack>
      )}
    </Stack>
  );
};
