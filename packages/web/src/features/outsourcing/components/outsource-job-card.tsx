import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { outsourceJobStatus, type Outsource } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { EndOutsourceButton } from './end-outsource-button';
import { IntegratedRequestItem } from './integrated-request-item';
import { OutsourceDetailList, type OutsourceDetail } from './outsource-detail-list';
import { OutsourceMessages } from './outsource-messages';
import { PartnerMessageBox } from './partner-message-box';
import { ShareLinkRow } from './share-link-row';
import { OutsourceStatusChip } from './status-chips';

type OutsourceJobCardProps = {
  collectionUid: string;
  caseId: number;
  outsource: Outsource;
};

const detailsOf = (outsource: Outsource): OutsourceDetail[] => [
  { label: 'Start', value: <DateTimeText iso={outsource.start} /> },
  { label: 'Expected return', value: <DateTimeText iso={outsource.expected_return} /> },
  ...(outsource.end ? [{ label: 'Ended', value: <DateTimeText iso={outsource.end} /> }] : []),
  ...(outsource.job_type ? [{ label: 'Job type', value: outsource.job_type }] : []),
  ...(outsource.job_type === 'physical'
    ? [{ label: 'Returning branch', value: outsource.returning_branch ?? '—' }]
    : []),
  { label: 'Note', value: outsource.note || '—' },
  ...(outsource.additional_recipients.length > 0
    ? [{ label: 'Additional recipients', value: outsource.additional_recipients.join(', ') }]
    : []),
  ...(outsource.tracking_number ? [{ label: 'Tracking number', value: outsource.tracking_number }] : []),
];

/** A started job: status, times, the partner's share link, messaging, integrated requests and End. */
export const OutsourceJobCard = ({ collectionUid, caseId, outsource }: OutsourceJobCardProps) => {
  const isOpen = outsource.end === null;
  return (
    <Card variant="outlined" component="section" aria-label={`Outsource job: ${outsource.partner}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {outsource.partner}
            </Typography>
            <OutsourceStatusChip status={outsourceJobStatus(outsource)} />
            <Stack sx={{ flexGrow: 1 }} />
            {isOpen && (
              <EndOutsourceButton collectionUid={collectionUid} caseId={caseId} outsourceId={outsource.id} />
            )}
          </Stack>
          <OutsourceDetailList details={detailsOf(outsource)} />
          {outsource.outsource_key && <ShareLinkRow outsourceKey={outsource.outsource_key} />}
          {outsource.integrated_outsource_requests.map((request) => (
            <IntegratedRequestItem
              key={request.id}
              collectionUid={collectionUid}
              caseId={caseId}
              outsourceId={outsource.id}
              request={request}
            />
          ))}
          <OutsourceMessages messages={outsource.messages} />
          {isOpen && (
            <>
              <Divider />
              <PartnerMessageBox collectionUid={collectionUid} caseId={caseId} outsourceId={outsource.id} />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
