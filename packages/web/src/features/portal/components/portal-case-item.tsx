import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  approvalAnswerMessages,
  customerCaseStatus,
  formatToothText,
  portalTexts,
  type PortalApproval,
  type PortalMessage,
  type PortalCase,
  type ToothConvention,
} from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { ToothChart } from '../../../components/tooth-chart';
import {
  estimatedDispatchOf,
  implantGroupsOf,
  implantTeethOf,
  type PortalDentateCard,
} from '../portal-overview';
import { CustomerStatusChip } from './customer-status-chip';
import { PortalApprovalCard } from './portal-approval-card';
import type { RenderPortalFiles } from './portal-render-props';

// One case on the overview: job type and status chip, its implants on the chart (labels in the chosen
// numbering; the chips beside it name Palmer's quadrant), the estimated dispatch, the order files, and
// the case's approval requests.

type PortalCaseItemProps = {
  item: PortalCase;
  approvals: readonly PortalApproval[];
  /** The collection's messages: the client's answers with files show on their approval's card. */
  messages: readonly PortalMessage[];
  arch: PortalDentateCard['arch'];
  convention: ToothConvention;
  portalKey: string;
  isReadOnly: boolean;
  renderFiles: RenderPortalFiles;
};

const DispatchLine = ({ item }: { item: PortalCase }) => {
  const dispatch = estimatedDispatchOf(item);
  if (dispatch.kind === 'hidden') return null;
  if (dispatch.kind === 'dispatched') {
    return (
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Dispatched:{' '}
        </Box>
        <DateTimeText iso={dispatch.at} />
        {dispatch.trackingNumber && <> · Tracking {dispatch.trackingNumber}</>}
      </Typography>
    );
  }
  if (dispatch.kind === 'waitingOnClient') {
    // The date is the client's to keep: it moves with every business hour the answer waits.
    return (
      <Typography variant="body2" data-testid="dispatch-waiting-on-client">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {portalTexts.estimatedDispatch}:{' '}
        </Box>
        {dispatch.isLate ? (
          <>
            waiting for your answer. Answered today, <DateTimeText iso={dispatch.ifAnsweredToday} />
          </>
        ) : (
          <>
            answer by <DateTimeText iso={dispatch.answerBy} /> to keep{' '}
            <Box component="span" sx={{ fontWeight: 600 }}>
              <DateTimeText iso={dispatch.ifAnsweredBy} />
            </Box>
          </>
        )}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {portalTexts.estimatedDispatch}:{' '}
      </Box>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {dispatch.kind === 'finalProsthesis' && portalTexts.finalProsthesisDispatch}
        {dispatch.kind === 'due' && <DateTimeText iso={dispatch.at} />}
        {dispatch.kind === 'unknown' && '—'}
      </Box>
    </Typography>
  );
};

export const PortalCaseItem = ({
  item,
  approvals,
  messages,
  arch,
  convention,
  portalKey,
  isReadOnly,
  renderFiles,
}: PortalCaseItemProps) => {
  const status = customerCaseStatus(item, approvals);
  const teeth = implantTeethOf(item);
  const toothTexts = teeth.map((tooth) => formatToothText(tooth, convention));
  return (
    <Stack
      component="article"
      spacing={1.5}
      aria-label={`${item.job_type} ${item.case_mkey}`}
      data-case-uid={item.uid}
    >
      {/* Phones: one column. Larger screens: the details beside the chart, not under a narrow one. */}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: teeth.length > 0 ? 'minmax(0, 1fr) 340px' : '1fr' },
          gridTemplateAreas: {
            xs: '"title" "chart" "details"',
            md: teeth.length > 0 ? '"title chart" "details chart"' : '"title" "details"',
          },
          gridTemplateRows: { md: 'auto 1fr' },
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{ gridArea: 'title', alignItems: 'flex-start', justifyContent: 'space-between' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {item.job_type}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {item.case_mkey}
            </Typography>
          </Box>
          <CustomerStatusChip status={status} />
        </Stack>
        {teeth.length > 0 && (
          <Stack spacing={1} sx={{ gridArea: 'chart', alignItems: 'center' }}>
            <Box sx={{ width: '100%', maxWidth: 340 }}>
              <ToothChart
                convention={convention}
                highlightedTeeth={teeth}
                arch={arch}
                label={`Implants on teeth ${toothTexts.join(', ')}`}
              />
            </Box>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ flexWrap: 'wrap', rowGap: 0.5, justifyContent: 'center' }}
            >
              {implantGroupsOf(item).map((group) => (
                <Chip
                  key={group.platform}
                  size="small"
                  variant="outlined"
                  label={`${group.teeth.map((tooth) => formatToothText(tooth, convention)).join(', ')} · ${group.platform}`}
                />
              ))}
            </Stack>
          </Stack>
        )}
        <Stack spacing={1} sx={{ gridArea: 'details', minWidth: 0 }}>
          <DispatchLine item={item} />
          {item.order_files.length > 0 && (
            <Typography variant="caption" color="text.secondary" component="h4">
              Your order files
            </Typography>
          )}
          {item.order_files.length > 0 &&
            renderFiles(
              item.order_files.map((file) => ({ type: 'order_file', id: file.id, fileName: file.filename })),
            )}
        </Stack>
      </Box>
      {approvals.map((approval) => (
        <PortalApprovalCard
          key={approval.uid}
          approval={approval}
          portalKey={portalKey}
          isReadOnly={isReadOnly}
          renderFiles={renderFiles}
          answers={approvalAnswerMessages(approval.uid, messages)}
        />
      ))}
    </Stack>
  );
};
