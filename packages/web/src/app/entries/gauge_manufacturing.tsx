import { StockView } from '../../features/gauge-mrp/components/stock-view';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';

// /static/v2/gauge_manufacturing.html, the systems menu's Gauge MRP entry (restricted): the warehouse's
// stock of parts and lots per branch.
document.title = 'Gauge MRP';

const GaugeMrpPage = () => (
  <AppShell title="Gauge MRP" currentSystem="gauge_manufacturing">
    <StockView />
  </AppShell>
);

void renderPage(GaugeMrpPage);
