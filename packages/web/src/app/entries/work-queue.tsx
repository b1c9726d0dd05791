import { workQueueDepartmentLabels, type WorkQueueDepartment } from '@lab/domain';
import { departmentOfPage, WorkQueuePage } from '../../features/production/components/work-queue-page';
import { AutoRefresh } from '../../lib/auto-refresh';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';
import type { SystemKey } from '../shell/systems';

// /static/v2/design.html, finishing.html, warehouse.html: one page, the bench named by the address.
const systemOf: Record<WorkQueueDepartment, SystemKey> = {
  DESIGN: 'design',
  PRODUCTION: 'production',
  FINISHING: 'finishing',
  WAREHOUSE: 'warehouse',
};

const department = departmentOfPage(window.location.pathname, window.location.search);
document.title = `${workQueueDepartmentLabels[department]} · Work Queue`;

const QueuePage = () => (
  <AppShell title={workQueueDepartmentLabels[department]} currentSystem={systemOf[department]}>
    <AutoRefresh isEnabled>
      <WorkQueuePage department={department} />
    </AutoRefresh>
  </AppShell>
);

void renderPage(QueuePage);
