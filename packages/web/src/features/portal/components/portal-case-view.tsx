import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { openApprovalsOf, type PortalCollection } from '@lab/domain';
import { lazyPart, prefetchWhenIdle } from '../../../components/lazy-part';
import { LazyPartBoundary } from '../../../components/lazy-part-boundary';
import type { PortalParams, PortalTab } from '../hooks/use-portal-params';
import { usePortalToothConvention } from '../hooks/use-portal-tooth-convention';
import { PortalCaseHeader } from './portal-case-header';
import { PortalOverviewTab } from './portal-overview-tab';
import type { RenderOrderForm, RenderPortalFiles } from './portal-render-props';
import { bottomBarHeight, PortalTabs, portalPanelId, portalTabId } from './portal-tabs';

// One collection as the client sees it: the case header, the tabs and the tab shown (portal-screen.tsx
// gives it its branding, its clock and the collection).

// The tabs not shown first come in chunks of their own (the composer's text field and the order form
// tables would double a phone's first download), fetched once the page has loaded so a tap finds them.
const PortalMessagesTab = lazyPart(() =>
  import('./portal-messages-tab').then((module) => module.PortalMessagesTab),
);
const PortalOrderFormsTab = lazyPart(() =>
  import('./portal-order-forms-tab').then((module) => module.PortalOrderFormsTab),
);
export const portalLazyTabs = [PortalMessagesTab, PortalOrderFormsTab] as const;

export type PortalCaseViewProps = Omit<PortalParams, 'requestedBranding'> & {
  collection: PortalCollection;
  onTabChange: (tab: PortalTab) => void;
  renderFiles: RenderPortalFiles;
  renderOrderForm: RenderOrderForm;
};

export const PortalCaseView = ({
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
