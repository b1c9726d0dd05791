import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  approvalAnswerMessages,
  openApprovalsOf,
  portalTexts,
  type PortalCollection,
  type ToothConvention,
} from '@lab/domain';
import { portalDentateCards } from '../portal-overview';
import { PortalApprovalCard } from './portal-approval-card';
import { PortalCaseItem } from './portal-case-item';
import type { RenderPortalFiles } from './portal-render-props';
import { usePortalLook } from './portal-theme';

// The Overview tab (collection-views §2 'Customer portal'): the Action Required banner while a design
// waits for the client (not for a read-only link: it asks nothing), one card per dentate with its cases,
// and the footnote on estimated dispatch.

type PortalOverviewTabProps = {
  collection: PortalCollection;
  convention: ToothConvention;
  portalKey: string;
  isReadOnly: boolean;
  renderFiles: RenderPortalFiles;
};

const scrollToApproval = (uid: string) =>
  document.querySelector(`[data-approval-uid="${CSS.escape(uid)}"]`)?.scrollIntoView({
    behavior: 'smooth',
    block: 'start',
  });

export const PortalOverviewTab = ({
  collection,
  convention,
  portalKey,
  isReadOnly,
  renderFiles,
}: PortalOverviewTabProps) => {
  const look = usePortalLook();
  const openApprovals = openApprovalsOf(collection.approvals);
  const cards = portalDentateCards(collection.cases);
  const caseUids = new Set(collection.cases.map((item) => item.uid));
  // Never hide a request the client must answer, even one whose case is not listed.
  const strayApprovals = collection.approvals.filter((approval) => !caseUids.has(approval.case_uid));
  const firstOpen = isReadOnly ? undefined : openApprovals[0];

  return (
    <Stack spacing={2}>
      {firstOpen && (
        <Alert
          severity="warning"
          variant="filled"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => scrollToApproval(firstOpen.uid)}>
              Review
            </Button>
          }
        >
          <AlertTitle>{portalTexts.actionRequired}</AlertTitle>
          {portalTexts.actionRequiredText}
        </Alert>
      )}
      {cards.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {portalTexts.noCases}
        </Typography>
      )}
      {cards.map((card) => (
        <Paper
          key={card.dentate}
          component="section"
          aria-label={card.title}
          sx={{ overflow: 'hidden', borderTop: 4, borderColor: look.cardAccent }}
        >
          <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
            <Typography variant="overline" component="h2" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
              {card.title}
            </Typography>
          </Box>
          <Stack spacing={2} divider={<Divider flexItem />} sx={{ px: 2, pb: 2 }}>
            {card.cases.map((item) => (
              <PortalCaseItem
                key={item.uid}
                item={item}
                approvals={collection.approvals.filter((approval) => approval.case_uid === item.uid)}
                messages={collection.messages}
                arch={card.arch}
                convention={convention}
                portalKey={portalKey}
                isReadOnly={isReadOnly}
                renderFiles={renderFiles}
              />
            ))}
          </Stack>
        </Paper>
      ))}
      {strayApprovals.map((approval) => (
        <PortalApprovalCard
          key={approval.uid}
          approval={approval}
          portalKey={portalKey}
          isReadOnly={isReadOnly}
          renderFiles={renderFiles}
          answers={approvalAnswerMessages(approval.uid, collection.messages)}
        />
      ))}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1 }}>
        {portalTexts.dispatchFootnote}
      </Typography>
    </Stack>
  );
};
