import { ProductionWorkspace } from '../../features/production/components/production-workspace';
import { AutoRefresh } from '../../lib/auto-refresh';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';

// /static/v2/production.html: the Production system (machine calendar, projects, production queue).
const ProductionPage = () => (
  <AppShell title="Production" currentSystem="production">
    <AutoRefresh isEnabled>
      <ProductionWorkspace />
    </AutoRefresh>
  </AppShell>
);

void renderPage(ProductionPage);
