import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import type { CollectionCase, Outsource } from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { isIntegratedPartner } from '../outsourcing-display';
import { IntegratedOutsourceForm } from './integrated-outsource-form';
import { ManualOutsourceForm } from './manual-outsource-form';

export type NewOutsourceDialogProps = {
  isOpen: boolean;
  collectionUid: string;
  caseItem: CollectionCase;
  /** A planned job being started: its plan fills the form. */
  preemptive: Outsource | null;
  onClose: () => void;
};

/** New Outsource Job (case-workspace §2): the manual form, or the integrated one for an EVIDENT partner. */
export const NewOutsourceDialog = ({ isOpen, onClose, ...contentProps }: NewOutsourceDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>New Outsource Job</DialogTitle>
      {/* Mounted only while open: each opening starts from a fresh form. */}
      {isOpen && <NewOutsourceContent {...contentProps} onClose={onClose} />}
    </Dialog>
  );
};

const NewOutsourceContent = ({
  collectionUid,
  caseItem,
  preemptive,
  onClose,
}: Omit<NewOutsourceDialogProps, 'isOpen'>) => {
  const { partners } = useReferenceData();
  const [partnerId, setPartnerId] = useState<number | null>(preemptive?.partner_id ?? null);
  const partner = partners.find((item) => item.id === partnerId);
  if (partner && isIntegratedPartner(partner)) {
    return (
      <IntegratedOutsourceForm
        collectionUid={collectionUid}
        caseItem={caseItem}
        partner={partner}
        preemptiveId={preemptive?.partner_id === partner.id ? preemptive.id : null}
        onPartnerChange={setPartnerId}
        onClose={onClose}
      />
    );
  }
  return (
    <ManualOutsourceForm
      collectionUid={collectionUid}
      caseItem={caseItem}
      partnerId={partnerId}
      preemptive={preemptive}
      onPartnerChange={setPartnerId}
      onClose={onClose}
    />
  );
};
