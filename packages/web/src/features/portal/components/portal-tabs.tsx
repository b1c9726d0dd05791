import Badge from '@mui/material/Badge';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import { portalTabLabels, portalTabs, type PortalTab } from '../hooks/use-portal-params';

// Overview, Messages, Order Forms: a bottom bar under the thumb on phones, tabs under the header on
// larger screens. One set of tabs either way, so each keeps its name ('Messages') for every reader.
//
// A tab list of its own rather than MUI's Tabs: those measure themselves and their indicator as they
// mount (a forced layout of the whole page, ~140 ms on a phone's CPU before the case first shows, issue
// 30); three fixed tabs need neither. The WAI-ARIA tabs pattern: arrows, Home and End move between tabs,
// only the selected one is in the Tab order, Enter or Space (a click) shows one.

export const portalTabId = (tab: PortalTab) => `portal-tab-${tab}`;
export const portalPanelId = (tab: PortalTab) => `portal-panel-${tab}`;

const icons: Record<PortalTab, ReactElement> = {
  overview: <DashboardIcon />,
  messages: <ChatIcon />,
  orderForms: <DescriptionIcon />,
};

type PortalTabsProps = {
  tab: PortalTab;
  /** Marks on a tab: an approval waiting (overview), unread lab messages (messages). */
  badges: Partial<Record<PortalTab, number>>;
  onChange: (tab: PortalTab) => void;
};

export const bottomBarHeight = 64;

const keyMoves: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % portalTabs.length,
  ArrowLeft: (index) => (index - 1 + portalTabs.length) % portalTabs.length,
  Home: () => 0,
  End: () => portalTabs.length - 1,
};

export const PortalTabs = ({ tab, badges, onChange }: PortalTabsProps) => {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const moveFocus = (event: KeyboardEvent) => {
    const move = keyMoves[event.key];
    const index = tabRefs.current.findIndex((element) => element === document.activeElement);
    if (!move || index < 0) return;
    event.preventDefault();
    tabRefs.current[move(index)]?.focus();
  };

  const tabs = (
    <div
      role="tablist"
      aria-label="Case sections"
      onKeyDown={moveFocus}
      style={{ display: 'flex', minHeight: isPhone ? bottomBarHeight : 48 }}
    >
      {portalTabs.map((value, index) => {
        const isSelected = value === tab;
        return (
          <ButtonBase
            key={value}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            role="tab"
            id={portalTabId(value)}
            aria-controls={portalPanelId(value)}
            aria-selected={isSelected}
            aria-label={portalTabLabels[value]}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onChange(value)}
            sx={{
              flex: isPhone ? 1 : 'none',
              flexDirection: isPhone ? 'column' : 'row',
              gap: isPhone ? 0.25 : 1,
              px: 2,
              py: isPhone ? 0.5 : 1.5,
              minWidth: 90,
              typography: 'button',
              fontSize: isPhone ? 12 : undefined,
              color: isSelected ? 'primary.main' : 'text.secondary',
              // The indicator: above a phone's bottom bar, under the desktop's tabs.
              [isPhone ? 'borderTop' : 'borderBottom']: 2,
              borderColor: isSelected ? 'primary.main' : 'transparent',
              '&.Mui-focusVisible': { bgcolor: 'action.focus' },
            }}
          >
            <Badge color="warning" variant="dot" invisible={!badges[value]}>
              {icons[value]}
            </Badge>
            {portalTabLabels[value]}
          </ButtonBase>
        );
      })}
    </div>
  );
  if (!isPhone) return tabs;
  return (
    <Paper
      component="nav"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      {tabs}
    </Paper>
  );
};
