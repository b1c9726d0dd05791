import { CheckInDesk } from '../../features/intake/components/check-in-desk';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';

// /clients/checkin, the systems menu's Checkin entry: the Check-in desk.
document.title = 'Check-in';

const CheckInPage = () => (
  <AppShell title="Check-in" currentSystem="newCheckin">
    <CheckInDesk />
  </AppShell>
);

void renderPage(CheckInPage);
