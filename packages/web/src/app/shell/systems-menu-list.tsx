import ClickAwayListener from '@mui/material/ClickAwayListener';
import Divider from '@mui/material/Divider';
import Grow from '@mui/material/Grow';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import LogoutIcon from '@mui/icons-material/Logout';
import TranslateIcon from '@mui/icons-material/Translate';
import { logoutUrl } from '../../lib/navigation';
import { systemUrl, visibleSystems, type SystemKey } from './systems';

type SystemsMenuListProps = {
  anchor: HTMLElement | null;
  menuId: string;
  currentSystem: SystemKey;
  isRestricted: boolean;
  /** Administrators: the address e-mails link to, shown so a wrong one is noticed before a client's dead link. */
  publicUrl?: string | undefined;
  onClose: () => void;
  /** Administrators: opens the status names clients see (left out for everyone else). */
  onOpenStatusNames?: (() => void) | undefined;
};

/** The systems menu's list under the grid button; a chunk of its own, downloaded on the first hover. */
export const SystemsMenuList = ({
  anchor,
  menuId,
  currentSystem,
  isRestricted,
  publicUrl,
  onClose,
  onOpenStatusNames,
}: SystemsMenuListProps) => (
  <Popper
    open={anchor !== null}
    anchorEl={anchor}
    placement="bottom-end"
    disablePortal
    transition
    sx={{ zIndex: (theme) => theme.zIndex.modal }}
  >
    {({ TransitionProps }) => (
      <Grow {...TransitionProps} style={{ transformOrigin: 'right top' }}>
        <Paper elevation={8} sx={{ minWidth: 220 }}>
          <ClickAwayListener onClickAway={onClose}>
            <MenuList id={menuId} dense aria-label="Systems">
              {visibleSystems(isRestricted).map((system) => (
                <MenuItem
                  key={system.key}
                  component="a"
                  href={systemUrl(system.key)}
                  selected={system.key === currentSystem}
                >
                  {system.label}
                </MenuItem>
              ))}
              <Divider />
              {onOpenStatusNames && (
                <MenuItem onClick={onOpenStatusNames}>
                  <ListItemIcon>
                    <TranslateIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Status names for clients</ListItemText>
                </MenuItem>
              )}
              <MenuItem component="a" href={logoutUrl}>
                <ListItemIcon>
                  <LogoutIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>Logout</ListItemText>
              </MenuItem>
              {publicUrl && <Divider />}
              {publicUrl && (
                <ListItem dense aria-label="E-mail links">
                  <ListItemText
                    primary="E-mails link to"
                    secondary={publicUrl}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              )}
            </MenuList>
          </ClickAwayListener>
        </Paper>
      </Grow>
    )}
  </Popper>
);
