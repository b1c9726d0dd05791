import { GaugeMrpPage as GaugeMrpViews } from '../../features/gauge-mrp/components/gauge-mrp-page';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';

// /static/v2/gauge_manufacturing.html, the systems menu's Gauge MRP entry (restricted): the warehouse's
// stock of parts and lots per branch, and the recall of a lot.
document.title = 'Gauge MRP';

const GaugeMrpPage = () => (
  <AppShell title="Gauge MRP" currentSystem="gauge_manufacturing">
    <GaugeMrpViews />
  </AppShell>
);

void renderPage(GaugeMrpPage);
