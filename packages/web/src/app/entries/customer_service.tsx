import { CustomerServiceInboxView } from '../../features/customer-service/components/customer-service-inbox';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';

// /static/v2/customer_service.html, the systems menu's Customer Service entry: the lab-wide inbox. Its
// live stream hears clients write (client_waiting), so a new message shows without a reload.
document.title = 'Customer Service';

const topics = ['customer_service'] as const;

const CustomerServicePage = () => (
  <AppShell title="Customer Service" currentSystem="customer_service" topics={topics}>
    <CustomerServiceInboxView />
  </AppShell>
);

void renderPage(CustomerServicePage);
