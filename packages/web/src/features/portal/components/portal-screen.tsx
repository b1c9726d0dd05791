import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import {
  openApprovalsOf,
  portalBrandingFor,
  portalTexts,
  type PortalBranding,
  type PortalCollection,
} from '@lab/domain';
import { DisplayZoneContext } from '../../../components/display-zone';
import { lazyPart, prefetchWhenIdle } from '../../../components/lazy-part';
import { LazyPartBoundary } from '../../../components/lazy-part-boundary';
import { LinkLoading, LinkStatusPage, RetryButton } from '../../../components/link-status-page';
import { labLocale } from '../../../lib/date-format';
import { isKeyLinkError, keyLinkErrorText } from '../../../lib/key-link-fetch';
import { usePortalCollection } from '../api/get-portal-collection';
import type { PortalParams, PortalTab } from '../hooks/use-portal-params';
import { usePortalToothConvention } from '../hooks/use-portal-tooth-convention';
import { PortalBrandBar } from './portal-brand-bar';
import { portalBrandNames } from './portal-logo';
import { PortalCaseHeader } from './portal-case-header';
import { PortalOverviewTab } from './portal-overview-tab';
import type { RenderOrderForm, RenderPortalFiles } from './portal-render-props';
import { bottomBarHeight, PortalTabs, portalPanelId, portalTabId } from './portal-tabs';
import { PortalBrandingContext, portalThemeFor } from './portal-theme';

// The customer portal (collection-views §2 'Customer portal'): one collection through its portal key,
// in the client's branding, as Overview, Messages and Order Forms.

export type PortalScreenProps = PortalParams & {
  onTabChange: (tab: PortalTab) => void;
  renderFiles: RenderPortalFiles;
  renderOrderForm: RenderOrderForm;
};

// The tabs not shown first come in chunks of their own (the composer's text field and the order form
// tables would double a phone's first download), fetched once the page has loaded so a tap finds them.
const PortalMessagesTab = lazyPart(() =>
  import('./portal-messages-tab').then((module) => module.PortalMessagesTab),
);
const PortalOrderFormsTab = lazyPart(() =>
  import('./portal-order-forms-tab').then((module) => module.PortalOrderFormsTab),
);
export const portalLazyTabs = [PortalMessagesTab, PortalOrderFormsTab] as const;

export const portalLoadErrorText = 'Your case could not be loaded.';
export const portalNotFoundTitle = 'Link Not Valid';

type BrandedProps = { branding: PortalBranding; hasBrandBar?: boolean; children: ReactNode };

const Branded = ({ branding, hasBrandBar = true, children }: BrandedProps) => (
  <PortalBrandingContext value={branding}>
    <ThemeProvider theme={portalThemeFor(branding)}>
      <CssBaseline />
      <Box data-branding={branding} sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        {hasBrandBar && <PortalBrandBar branding={branding} />}
        {children}
      </Box>
    </ThemeProvider>
  </PortalBrandingContext>
);

/** Times as the lab writes them: its locale, the branch's zone (named where it is not the reader's). */
const LabTimes = ({ timeZone, children }: { timeZone: string; children: ReactNode }) => {
  const zone = useMemo(() => ({ locale: labLocale, timeZone }), [timeZone]);
  return <DisplayZoneContext value={zone}>{children}</DisplayZoneContext>;
};

type PortalCaseViewProps = Omit<PortalScreenProps, 'requestedBranding'> & { collection: PortalCollection };

const PortalCaseView = ({
  collection,
  portalKey,
  isReadOnly,
  tab,
  onTabChange,
  renderFiles,
  renderOrderForm,
}: PortalCaseViewProps) => {
  const [convention, setConvention] = usePortalToothConvention();
  const unreadFromLab = collection.messages.filter(
    (message) => message.direction === 'OUTBOUND' && !message.message_seen,
  ).length;
  // A read-only link asks for no answer: no mark on Overview for a waiting approval.
  const openApprovals = isReadOnly ? 0 : openApprovalsOf(collection.approvals).length;
  const badges = { overview: openApprovals, messages: unreadFromLab };
  useEffect(() => prefetchWhenIdle(portalLazyTabs), []);

  return (
    <Box
      sx={{
        maxWidth: 960,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        pt: 2,
        pb: { xs: `${bottomBarHeight + 24}px`, sm: 4 },
      }}
    >
      <Stack spacing={2}>
        <PortalCaseHeader
          collection={collection}
          convention={convention}
          onConventionChange={setConvention}
        />
        <Box sx={{ borderBottom: { sm: 1 }, borderColor: { sm: 'divider' } }}>
          <PortalTabs tab={tab} badges={badges} onChange={onTabChange} />
        </Box>
        <Box component="main" role="tabpanel" id={portalPanelId(tab)} aria-labelledby={portalTabId(tab)}>
          {tab === 'overview' && (
            <PortalOverviewTab
              collection={collection}
              convention={convention}
              portalKey={portalKey}
              isReadOnly={isReadOnly}
              renderFiles={renderFiles}
            />
          )}
          {tab === 'messages' && (
            <LazyPartBoundary>
              <PortalMessagesTab
                collection={collection}
                portalKey={portalKey}
                isReadOnly={isReadOnly}
                renderFiles={renderFiles}
              />
            </LazyPartBoundary>
          )}
          {tab === 'orderForms' && (
            <LazyPartBoundary>
              <PortalOrderFormsTab
                collection={collection}
                convention={convention}
                renderOrderForm={renderOrderForm}
              />
            </LazyPartBoundary>
          )}
        </Box>
      </Stack>
    </Box>
  );
};

export const PortalScreen = (props: PortalScreenProps) => {
  const { portalKey, requestedBranding } = props;
  const query = usePortalCollection(portalKey);
  const collection = query.data;
  const branding = portalBrandingFor(requestedBranding, collection?.ordering_platform);

  useEffect(() => {
    const brand = portalBrandNames[branding];
    if (!collection) document.title = brand;
    else if (collection.cancelled) document.title = `${portalTexts.caseUnavailableTitle} · ${brand}`;
    else document.title = `Case ${collection.collection_id} · ${brand}`;
  }, [branding, collection]);

  if (collection?.cancelled) {
    return (
      <Branded branding={branding}>
        <LinkStatusPage title={portalTexts.caseUnavailableTitle} text={portalTexts.caseUnavailableText} />
      </Branded>
    );
  }
  if (collection) {
    return (
      <Branded branding={branding}>
        <LabTimes timeZone={collection.time_zone}>
          <PortalCaseView {...props} collection={collection} />
        </LabTimes>
      </Branded>
    );
  }
  if (!portalKey) {
    return (
      <Branded branding={branding}>
        <LinkStatusPage title={portalNotFoundTitle} text={portalTexts.notFound} />
      </Branded>
    );
  }
  if (query.isError) {
    const isNotFound = isKeyLinkError(query.error) && query.error.status === 404;
    return (
      <Branded branding={branding}>
        {isNotFound ? (
          <LinkStatusPage title={portalNotFoundTitle} text={portalTexts.notFound} />
        ) : (
          <LinkStatusPage
            title={portalLoadErrorText}
            text={keyLinkErrorText(query.error)}
            tone="error"
            action={<RetryButton onRetry={() => void query.refetch()} />}
          />
        )}
      </Branded>
    );
  }
  // Until the collection names its platform, a brand bar could be the wrong brand: none unless asked.
  return (
    <Branded branding={branding} hasBrandBar={requestedBranding === branding}>
      <LinkLoading label="Loading your case" />
    </Branded>
  );
};
