import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, type ReactNode } from 'react';
import { partnerTexts, type PartnerJob } from '@lab/domain';
import { LinkLoading, LinkStatusPage, RetryButton } from '../../../components/link-status-page';
import { isKeyLinkError, keyLinkErrorText } from '../../../lib/key-link-fetch';
import { usePartnerJob } from '../api/get-partner-job';
import { caseLabelOf, PartnerAppBar } from './partner-app-bar';
import { PartnerFilesCard } from './partner-files-card';
import { PartnerJobCard } from './partner-job-card';
import { PartnerMessagesCard } from './partner-messages-card';
import { PartnerOrderForms } from './partner-order-forms';
import type { PartnerPageParts } from './partner-render-props';
import { PartnerReturnedFilesCard } from './partner-returned-files-card';
import { partnerTheme } from './partner-theme';

// The partner share page (domain-decisions 'Outsourcing'): one outsource job through its share key — the
// job, the files sent, the files returned with the upload, the messages with the lab, the order form, and
// marking the job completed. An ended job is read only.

export type PartnerScreenProps = PartnerPageParts & { outsourceKey: string };

const Themed = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={partnerTheme}>
    <CssBaseline />
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>{children}</Box>
  </ThemeProvider>
);

const PartnerJobView = ({ job, outsourceKey, ...parts }: PartnerScreenProps & { job: PartnerJob }) => {
  const files = { outsourceKey, renderFileViewer: parts.renderFileViewer, openDownload: parts.openDownload };
  return (
    <>
      <PartnerAppBar job={job} />
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        {job.ended && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {partnerTexts.jobEnded}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <PartnerJobCard outsourceKey={outsourceKey} job={job} />
            <PartnerFilesCard
              {...files}
              title={partnerTexts.filesSentTitle}
              files={job.sent_files}
              emptyText={partnerTexts.noFilesSent}
            />
            <PartnerReturnedFilesCard {...files} job={job} />
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <PartnerMessagesCard outsourceKey={outsourceKey} job={job} />
            <PartnerOrderForms job={job} renderOrderForm={parts.renderOrderForm} />
          </Stack>
        </Box>
      </Box>
    </>
  );
};

export const PartnerScreen = (props: PartnerScreenProps) => {
  const { outsourceKey } = props;
  const query = usePartnerJob(outsourceKey);
  const job = query.data;

  useEffect(() => {
    document.title = job ? `${caseLabelOf(job)} · ${job.partner_name}` : 'Partner job';
  }, [job]);

  if (job) {
    return (
      <Themed>
        <PartnerJobView {...props} job={job} />
      </Themed>
    );
  }
  const isNotFound = !outsourceKey || (isKeyLinkError(query.error) && query.error.status === 404);
  if (isNotFound) {
    return (
      <Themed>
        <LinkStatusPage title={partnerTexts.linkNotValidTitle} text={partnerTexts.notFound} />
      </Themed>
    );
  }
  if (query.isError) {
    return (
      <Themed>
        <LinkStatusPage
          title={partnerTexts.loadFailed}
          text={keyLinkErrorText(query.error)}
          tone="error"
          action={<RetryButton onRetry={() => void query.refetch()} />}
        />
      </Themed>
    );
  }
  return (
    <Themed>
      <LinkLoading label="Loading the job" />
    </Themed>
  );
};
