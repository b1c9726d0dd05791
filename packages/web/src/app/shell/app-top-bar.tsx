import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StreamTopic } from '@lab/domain';
import { LoaderButton } from '../../components/loader-button';
import { useIsLoading, useLoadErrors } from '../../lib/load-errors';
import { useMe } from '../../features/me/api/get-me';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { UpdateNoticeBanner } from '../../features/version/components/update-notice-banner';
import { SystemsMenu } from './systems-menu';
import type { SystemKey } from './systems';

type AppTopBarProps = {
  title: string;
  currentSystem: SystemKey;
  /** Page actions left of the title's spacer (Back to Search). */
  actions?: ReactNode;
  /** The collections the page shows: the live-update stream carries their changes. */
  watchedCollectionUids: readonly string[];
  /** Lab-wide topics the stream also carries (the Check-in desk, Customer Service). */
  topics?: readonly StreamTopic[];
};

export const AppTopBar = ({
  title,
  currentSystem,
  actions,
  watchedCollectionUids,
  topics,
}: AppTopBarProps) => {
  const queryClient = useQueryClient();
  const me = useMe();
  const errors = useLoadErrors();
  const isLoading = useIsLoading();
  const handleRefresh = () => {
    void queryClient.refetchQueries({ type: 'active' });
  };

  return (
    <AppBar position="static" elevation={1}>
      <Toolbar variant="dense" sx={{ gap: 1.5 }}>
        <Typography variant="h6" component="div" sx={{ fontWeight: 600, letterSpacing: 0.2, mr: 1 }}>
          {title}
        </Typography>
        {actions}
        <Box sx={{ flexGrow: 1 }} />
        <LoaderButton isLoading={isLoading} errors={errors} onRefresh={handleRefresh} />
        <NotificationsBell watchedCollectionUids={watchedCollectionUids} topics={topics} />
        <SystemsMenu
          currentSystem={currentSystem}
          isRestricted={me.data?.restricted ?? true}
          isStaging={me.data?.staging ?? false}
          isAdmin={me.data?.admin ?? false}
          publicUrl={me.data?.public_url}
        />
      </Toolbar>
      <UpdateNoticeBanner />
    </AppBar>
  );
};
