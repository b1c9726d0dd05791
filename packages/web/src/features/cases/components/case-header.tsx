import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { redoTypeLabels, type Collection, type CollectionCase, type Department } from '@lab/domain';
import { Countdown } from '../../../components/countdown';
import { useNow } from '../../../lib/use-now';
import {
  canUseFinishingSelector,
  findToolbarTone,
  isStatusTextShown,
  listDepartmentChips,
  toolbarColours,
} from '../case-header-rules';
import { formatDateTime } from '../format-date-time';
import { CaseToolbarActions, type ToolbarFeatureDialogs } from './case-toolbar-actions';
import { FinishingStatusSelector } from './finishing-status-selector';

type CaseHeaderProps = {
  collection: Collection;
  caseItem: CollectionCase;
  /** The signed-in user's department: polishing gets the finishing status selector. */
  userDepartment: Department | null;
  onOpenCase: (caseUid: string) => void;
  onClose: () => void;
  featureDialogs?: ToolbarFeatureDialogs;
};

/** The drawer's header: who and what the case is, its state, and the toolbar (case-workspace §2). */
export const CaseHeader = ({
  collection,
  caseItem,
  userDepartment,
  onOpenCase,
  onClose,
  featureDialogs,
}: CaseHeaderProps) => {
  // Re-read each second only while a countdown runs: the colour turns orange when it starts alerting.
  const now = useNow(1000, caseItem.immediacy_due !== null);
  const tone = findToolbarTone({ caseItem, isVip: collection.vip, now });
  const colours = toolbarColours[tone];
  const chipSx = { color: 'inherit', borderColor: 'currentColor' };

  return (
    <Box
      component="header"
      data-tone={tone}
      sx={{
        bgcolor: colours.background,
        color: colours.text,
        px: 3,
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mr: 1 }}>
          {caseItem.case_mkey}
        </Typography>
        {caseItem.redo && (
          <Chip size="small" variant="outlined" sx={chipSx} label={redoTypeLabels[caseItem.redo]} />
        )}
        {collection.vip && <Chip size="small" variant="outlined" sx={chipSx} label="VIP" />}
        {caseItem.virtual_product && <Chip size="small" variant="outlined" sx={chipSx} label="Virtual" />}
        {collection.bin_location && (
          <Chip size="small" variant="outlined" sx={chipSx} label={`Bin ${collection.bin_location}`} />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {caseItem.immediacy_due && (
          <Typography variant="h6" component="span" aria-label="Immediacy countdown">
            <Countdown target={caseItem.immediacy_due} />
          </Typography>
        )}
        <IconButton color="inherit" aria-label="Close case" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Typography variant="subtitle1">
        {caseItem.job_type} · {collection.patient_reference}
      </Typography>
      <Typography variant="body2" sx={{ opacity: 0.85 }}>
        Dispatch: {formatDateTime(caseItem.internal_due) || '—'}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 1.5 }}>
        {listDepartmentChips(caseItem).map((label) => (
          <Chip key={label} size="small" color="primary" label={label} />
        ))}
        {isStatusTextShown(caseItem) && <Typography variant="body2">{caseItem.status}</Typography>}
        {canUseFinishingSelector(userDepartment, caseItem) && (
          <FinishingStatusSelector
            collection={collection}
            caseItem={caseItem}
            renderPrint={featureDialogs?.renderPrint}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <CaseToolbarActions
          collectionUid={collection.uid}
          caseItem={caseItem}
          onOpenCase={onOpenCase}
          featureDialogs={featureDialogs}
        />
      </Stack>
    </Box>
  );
};
