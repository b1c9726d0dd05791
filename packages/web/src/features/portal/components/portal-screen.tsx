import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { portalBrandingFor, portalTexts, type PortalBranding } from '@lab/domain';
import { DisplayZoneContext } from '../../../components/display-zone';
import { lazyPart } from '../../../components/lazy-part';
import { ChunkErrorBoundary } from '../../../components/lazy-part-boundary';
import { LinkLoading, LinkStatusPage, RetryButton } from '../../../components/link-status-page';
import { labLocale } from '../../../lib/date-format';
import { isKeyLinkError, keyLinkErrorText } from '../../../lib/key-link-fetch';
import { usePortalCollection } from '../api/get-portal-collection';
import type { PortalParams } from '../hooks/use-portal-params';
import { PortalBrandBar } from './portal-brand-bar';
import { portalBrandNames } from './portal-logo';
import type { PortalCaseViewProps } from './portal-case-view';
import { PortalBrandingContext, portalThemeFor } from './portal-theme';

// The customer portal (collection-views §2 'Customer portal'): one collection through its portal key,
// in the client's branding, as Overview, Messages and Order Forms.

export type PortalScreenProps = PortalParams & Omit<PortalCaseViewProps, keyof PortalParams | 'collection'>;

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

// The case itself (header, tabs, overview) comes in a chunk of its own, asked for as the page starts: it
// downloads while the collection is asked for, so a phone's first download is the page's frame only.
const PortalCaseView = lazyPart(() => import('./portal-case-view').then((module) => module.PortalCaseView));
export const portalCaseViewPart = PortalCaseView;

export const PortalScreen = (props: PortalScreenProps) => {
  const { portalKey, requestedBranding } = props;
  const query = usePortalCollection(portalKey);
  // With a key, the case's view downloads alongside its collection.
  useEffect(() => {
    if (portalKey) void PortalCaseView.prefetch().catch(() => undefined);
  }, [portalKey]);
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
          <ChunkErrorBoundary>
            <Suspense fallback={<LinkLoading label="Loading your case" />}>
              <PortalCaseView {...props} collection={collection} />
            </Suspense>
          </ChunkErrorBoundary>
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
