import { AccountsPage as AccountsViews } from '../../features/accounts/components/accounts-page';
import { renderPage } from '../render-page';
import { AppShell } from '../shell/app-shell';

// /static/v2/accounts.html, the systems menu's Accounts entry (restricted): the lab's billing desk — every
// invoice, what clients owe, payments, statements and the accounting export.
document.title = 'Accounts';

const AccountsPage = () => (
  <AppShell title="Accounts" currentSystem="accounts">
    <AccountsViews />
  </AppShell>
);

void renderPage(AccountsPage);
