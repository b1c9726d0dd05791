import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBusinessAge, type CustomerServiceInbox, type ReplySla } from '@lab/domain';
import { BranchSelect, useBranchInAddress } from '../../../components/branch-select';
import { formatDateTime } from '../../../components/date-time-format';
import { useBranches } from '../../reference/api/get-branches';
import { useEmployees } from '../../reference/api/get-employees';
import { useInbox } from '../api/inbox-api';
import { InboxSection } from './inbox-section';
import { AssigneeSelect, ItemActions, OpenLinks } from './inbox-item-controls';

// The Customer Service page (issue 30): per branch, what clients wait on (their messages with no reply,
// Check-in's questions) and what the lab waits on (approvals, and cases now late that the client has not
// been told of). Waiting is in business hours; each item opens its collection at the right view, is
// assigned to a person, and leaves the inbox once answered, resolved or marked done.

const slaColour: Record<ReplySla, 'success' | 'warning' | 'error'> = {
  ok: 'success',
  due: 'warning',
  late: 'error',
};

/** The wait in business hours, coloured by the reply SLA, over the moment it began. */
const Waiting = ({ seconds, sla, since }: { seconds: number; sla: ReplySla; since: string }) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <Chip size="small" color={slaColour[sla]} label={formatBusinessAge(seconds)} />
    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      <time dateTime={since}>{formatDateTime(since)}</time>
    </Typography>
  </Stack>
);

const Who = ({
  item,
}: {
  item: { client_name: string; patient_reference: string; case_mkey: string | null };
}) => (
  <>
    <Typography variant="body2">{item.client_name}</Typography>
    <Typography variant="caption" color="text.secondary">
      {item.patient_reference}
      {item.case_mkey ? ` · ${item.case_mkey}` : ''}
    </Typography>
  </>
);

const When = ({ at }: { at: string | null }) =>
  at === null ? <>—</> : <time dateTime={at}>{formatDateTime(at)}</time>;

export const CustomerServiceInboxView = () => {
  const [branchId, chooseBranch] = useBranchInAddress();
  const { data: inbox } = useInbox(branchId);
  const { data: branches = [] } = useBranches();
  const { data: employees = [] } = useEmployees();
  const chosen = branchId ?? inbox?.branch.id ?? null;
  const controls = (item: { key: string; assignee: { id: number; name: string } | null }, label: string) => (
    <AssigneeSelect itemKey={item.key} assignee={item.assignee} employees={employees} label={label} />
  );
  const lists: CustomerServiceInbox | undefined = inbox;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Customer Service
        </Typography>
        <BranchSelect value={chosen} branches={branches} onChange={chooseBranch} />
      </Stack>
      <InboxSection
        title="Clients waiting for a reply"
        hint="Messages and approval answers from clients that no one has answered yet, longest wait first (business hours)."
        columns={['Waiting', 'Client', 'Message', 'Assigned', '']}
        rows={(lists?.client_messages ?? []).map((item) => ({
          key: item.key,
          cells: [
            <Waiting
              key="w"
              seconds={item.waiting_business_seconds}
              sla={item.sla}
              since={item.received_at}
            />,
            <Who key="c" item={item} />,
            <Typography key="m" variant="body2" sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
              {item.kind === 'approval_answer' ? 'Approval answer: ' : ''}
              {item.excerpt}
              {item.attachments > 0 ? ` (${item.attachments} file${item.attachments === 1 ? '' : 's'})` : ''}
            </Typography>,
            controls(item, `${item.client_name} message`),
            <ItemActions
              key="a"
              collectionUid={item.collection_uid}
              caseUid={item.case_uid}
              view="messages"
              messageUid={item.message_uid}
              done="No reply needed"
              itemKey={item.key}
              label={item.client_name}
            />,
          ],
        }))}
      />
      <InboxSection
        title="Approvals waiting on the client"
        hint="Designs and try-ins sent for approval and not answered, soonest due first."
        columns={['Due', 'Client', 'Approval', 'Reminders', 'Assigned', '']}
        rows={(lists?.approvals ?? []).map((item) => ({
          key: item.key,
          cells: [
            <Stack key="d" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <When at={item.due_at} />
              {item.is_overdue && <Chip size="small" color="error" label="Overdue" />}
            </Stack>,
            <Who key="c" item={item} />,
            <Typography key="t" variant="body2">
              {item.approval_type}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                asked <When at={item.requested_at} />
              </Typography>
            </Typography>,
            <Typography key="r" variant="body2">
              {item.sends_reminders ? `${item.reminders_sent} sent` : 'Off'}
              {item.next_reminder_due && (
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  next <When at={item.next_reminder_due} />
                </Typography>
              )}
            </Typography>,
            controls(item, `${item.client_name} approval`),
            <OpenLinks
              key="a"
              collectionUid={item.collection_uid}
              caseUid={item.case_uid}
              view="approvals"
              approvalUid={item.approval_uid}
            />,
          ],
        }))}
      />
      <InboxSection
        title="Due dates the client has not been told of"
        hint="Cases the lab will finish after the customer's due time. Tell the client, then mark them told: a later move lists them again."
        columns={['Late by', 'Client', 'Case', 'Customer due', 'Lab finish', 'Assigned', '']}
        rows={(lists?.due_moved ?? []).map((item) => ({
          key: item.key,
          cells: [
            <Chip key="l" size="small" color="error" label={`${item.late_by_hours} business h`} />,
            <Who key="c" item={item} />,
            <Typography key="j" variant="body2">
              {item.job_type}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {item.status}
              </Typography>
            </Typography>,
            <When key="cd" at={item.customer_due} />,
            <When key="ld" at={item.internal_due} />,
            controls(item, `${item.client_name} due`),
            <ItemActions
              key="a"
              collectionUid={item.collection_uid}
              caseUid={item.case_uid}
              view="components"
              done="Client told"
              itemKey={item.key}
              label={item.client_name}
            />,
          ],
        }))}
      />
      <InboxSection
        title="Missing information asked for"
        hint="What Check-in asked the clinic for, not answered yet."
        columns={['Waiting', 'Client', 'Asked for', 'By', 'Assigned', '']}
        rows={(lists?.information_requests ?? []).map((item) => ({
          key: item.key,
          cells: [
            <Waiting
              key="w"
              seconds={item.waiting_business_seconds}
              sla={item.sla}
              since={item.requested_at}
            />,
            <Who key="c" item={item} />,
            <Typography
              key="m"
              variant="body2"
              sx={{ maxWidth: 420, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
            >
              {item.excerpt}
            </Typography>,
            <Typography key="b" variant="body2">
              {item.requested_by}
            </Typography>,
            controls(item, `${item.client_name} request`),
            <ItemActions
              key="a"
              collectionUid={item.collection_uid}
              caseUid={item.case_uid}
              view="messages"
              messageUid={item.message_uid}
              done="Answered elsewhere"
              itemKey={item.key}
              label={item.client_name}
            />,
          ],
        }))}
      />
    </Stack>
  );
};
