import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { notificationTexts } from '@lab/domain';

/** 'You have a new notification': no autoHideDuration and no onClose, it stays until Close (§9). */
export const NotificationPopup = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => (
  <Snackbar
    open={isOpen}
    // Centred under the app bar: at the right it would cover the bell and the systems menu.
    anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    message={notificationTexts.popup}
    action={
      <Button color="inherit" size="small" onClick={onClose}>
        Close
      </Button>
    }
  />
);
