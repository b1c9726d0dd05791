import Badge from '@mui/material/Badge';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import type { ReactElement } from 'react';
import { portalTabLabels, portalTabs, type PortalTab } from '../hooks/use-portal-params';

// Overview, Messages, Order Forms: a bottom bar under the thumb on phones, tabs under the header on
// larger screens. One set of tabs either way, so each keeps its name ('Messages') for every reader.

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

export const PortalTabs = ({ tab, badges, onChange }: PortalTabsProps) => {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const tabs = (
    <Tabs
      value={tab}
      onChange={(_event, next: PortalTab) => onChange(next)}
      variant={isPhone ? 'fullWidth' : 'standard'}
      aria-label="Case sections"
      sx={isPhone ? { minHeight: bottomBarHeight, '& .MuiTabs-indicator': { top: 0 } } : undefined}
    >
      {portalTabs.map((value) => (
        <Tab
          key={value}
          value={value}
          id={portalTabId(value)}
          aria-controls={portalPanelId(value)}
          aria-label={portalTabLabels[value]}
          label={portalTabLabels[value]}
          icon={
            <Badge color="warning" variant="dot" invisible={!badges[value]}>
              {icons[value]}
            </Badge>
          }
          iconPosition={isPhone ? 'top' : 'start'}
          sx={isPhone ? { minHeight: bottomBarHeight, py: 0.5, fontSize: 12 } : { minHeight: 48 }}
        />
      ))}
    </Tabs>
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
