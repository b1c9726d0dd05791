import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Divider from '@mui/material/Divider';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import AppsIcon from '@mui/icons-material/Apps';
import LogoutIcon from '@mui/icons-material/Logout';
import { useId, useState } from 'react';
import { logoutUrl } from '../../lib/navigation';
import { systemUrl, visibleSystems, type SystemKey } from './systems';

type SystemsMenuProps = {
  currentSystem: SystemKey;
  /** Until the user is known, the restricted entries stay hidden. */
  isRestricted: boolean;
  isStaging: boolean;
};

/** The grid menu of systems; opens on hover (and on click, for touch and keyboard). */
export const SystemsMenu = ({ currentSystem, isRestricted, isStaging }: SystemsMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const isOpen = anchor !== null;
  const handleClose = () => setAnchor(null);

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
        <Popper
          open={isOpen}
          anchorEl={anchor}
          placement="bottom-end"
          disablePortal
          transition
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          {({ TransitionProps }) => (
            <Grow {...TransitionProps} style={{ transformOrigin: 'right top' }}>
              <Paper elevation={8} sx={{ minWidth: 220 }}>
                <ClickAwayListener onClickAway={handleClose}>
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
                    <MenuItem component="a" href={logoutUrl}>
                      <ListItemIcon>
                        <LogoutIcon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText>Logout</ListItemText>
                    </MenuItem>
                  </MenuList>
                </ClickAwayListener>
              </Paper>
            </Grow>
          )}
        </Popper>
      </Box>
    </Box>
  );
};
