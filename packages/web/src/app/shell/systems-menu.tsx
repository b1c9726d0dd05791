import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import AppsIcon from '@mui/icons-material/Apps';
import { Suspense, useId, useState } from 'react';
import { lazyDialog, lazyPart, useHasOpened } from '../../components/lazy-part';
import type { StatusClientNamesDialogProps } from '../../features/reference/components/status-client-names-dialog';
import type { SystemKey } from './systems';

export const SystemsMenuList = lazyPart(() =>
  import('./systems-menu-list').then((module) => module.SystemsMenuList),
);

// The administrator's reference data reachable from every staff page: a chunk of its own, on demand.
const StatusClientNamesDialog = lazyDialog(
  () =>
    import('../../features/reference/components/status-client-names-dialog').then(
      (module) => module.StatusClientNamesDialog,
    ),
  (props: StatusClientNamesDialogProps) => props.isOpen,
);

type SystemsMenuProps = {
  currentSystem: SystemKey;
  /** Until the user is known, the restricted entries stay hidden. */
  isRestricted: boolean;
  isStaging: boolean;
  /** Administrators also find the reference data they keep (the status names clients see). */
  isAdmin?: boolean;
  /** Administrators: where e-mails link to. */
  publicUrl?: string | undefined;
};

/** The grid menu of systems; opens on hover (and on click, for touch and keyboard). */
export const SystemsMenu = ({
  currentSystem,
  isRestricted,
  isStaging,
  isAdmin = false,
  publicUrl,
}: SystemsMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isStatusNamesOpen, setIsStatusNamesOpen] = useState(false);
  const menuId = useId();
  const isOpen = anchor !== null;
  const handleClose = () => setAnchor(null);
  const hasOpened = useHasOpened(isOpen);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {isStaging && <Chip label="Staging" color="warning" size="small" />}
      <Box onMouseEnter={(event) => setAnchor(event.currentTarget)} onMouseLeave={handleClose}>
        <IconButton
          color="inherit"
          aria-label="Systems"
          aria-haspopup="menu"
          aria-expanded={isOpen}
          aria-controls={isOpen ? menuId : undefined}
          onClick={(event) =>
            setAnchor(isOpen ? null : (event.currentTarget.parentElement ?? event.currentTarget))
          }
        >
          <AppsIcon />
        </IconButton>
        {/* Not portalled: the menu stays inside the hover area, so moving onto it keeps it open. */}
        {hasOpened && (
          <Suspense fallback={null}>
            <SystemsMenuList
              anchor={anchor}
              menuId={menuId}
              currentSystem={currentSystem}
              isRestricted={isRestricted}
              publicUrl={publicUrl}
              onClose={handleClose}
              onOpenStatusNames={
                isAdmin
                  ? () => {
                      handleClose();
                      setIsStatusNamesOpen(true);
                    }
                  : undefined
              }
            />
          </Suspense>
        )}
      </Box>
      {isAdmin && (
        <StatusClientNamesDialog isOpen={isStatusNamesOpen} onClose={() => setIsStatusNamesOpen(false)} />
      )}
    </Box>
  );
};
