import Box from '@mui/material/Box';
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { StreamTopic } from '@lab/domain';
import { LazyConfirmDialog } from '../../components/lazy-confirm-dialog';
import { lazyPart, prefetchWhenIdle } from '../../components/lazy-part';
import { notificationsBellParts } from '../../features/notifications/components/notifications-bell';
import { AppFooter } from './app-footer';
import { AppTopBar } from './app-top-bar';
import { SystemsMenuList } from './systems-menu';
import type { SystemKey } from './systems';
import { goTo } from '../../lib/navigation';
import { ScanToOpen } from '../../lib/scan-to-open';
import { caseSearchDestination } from './global-case-search';

type AppShellProps = {
  title: string;
  currentSystem: SystemKey;
  /** Extra app bar actions (Back to Search). */
  actions?: ReactNode;
  /** Left navigation entries; the drawer is shown only when there are some. */
  navigation?: ReactNode;
  /** The collection the page shows, whose changes the live-update stream should carry. */
  openCollectionUid?: string | null;
  /** A page that shows several collections (the Check-in desk's rows): the stream carries theirs. */
  shownCollectionUids?: readonly string[];
  /** Lab-wide topics the stream also carries (the Check-in desk's new orders, Customer Service's clients). */
  topics?: readonly StreamTopic[];
  /** Shown in the middle of the footer (the open collection's uid). */
  footerNote?: ReactNode;
  children: ReactNode;
};

export const navDrawerWidth = 232;

// Only an open collection has navigation: the search view's first paint does without the drawer's code.
const NavDrawer = lazyPart(() => import('./nav-drawer').then((module) => module.NavDrawer));

// The app bar's menus and dialogs, downloaded on idle so that opening them later is instant.
export const idleShellParts = [SystemsMenuList, ...notificationsBellParts, LazyConfirmDialog, NavDrawer];

/**
 * The frame of every staff page: app bar (with the update notice) on top, footer at the bottom, the
 * navigation drawer and the scrolling content in between. The page fills the window; only the content scrolls.
 */
/** A scan no page took opens its case (a label or case key), else searches for it, as the footer's box does. */
const openScannedCode = (code: string): void => {
  void caseSearchDestination(code).then((url) => {
    if (url) goTo(url);
  });
};

export const AppShell = ({
  title,
  currentSystem,
  actions,
  navigation,
  footerNote,
  openCollectionUid = null,
  shownCollectionUids,
  topics,
  children,
}: AppShellProps) => {
  useEffect(() => prefetchWhenIdle(idleShellParts), []);
  const watchedCollectionUids = useMemo(
    () => shownCollectionUids ?? (openCollectionUid === null ? [] : [openCollectionUid]),
    [openCollectionUid, shownCollectionUids],
  );
  return (
    <ScanToOpen openCase={openScannedCode}>
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh', bgcolor: 'background.default' }}>
        <AppTopBar
          title={title}
          currentSystem={currentSystem}
          actions={actions}
          watchedCollectionUids={watchedCollectionUids}
          topics={topics}
        />
        <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
          {navigation && (
            <Suspense fallback={<Box sx={{ width: navDrawerWidth, flexShrink: 0 }} />}>
              <NavDrawer width={navDrawerWidth}>{navigation}</NavDrawer>
            </Suspense>
          )}
          <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: 'auto', p: { xs: 2, md: 3 } }}>
            {children}
          </Box>
        </Box>
        <AppFooter note={footerNote} />
      </Box>
    </ScanToOpen>
  );
};
