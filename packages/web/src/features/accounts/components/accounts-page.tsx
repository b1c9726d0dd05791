import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useLocationSearch, writeSearchParams } from '../../../lib/url-state';
import { BalancesView } from './balances-view';
import { CouriersView } from './couriers-view';
import { ExportView } from './export-view';
import { InvoicesView } from './invoices-view';
import { PricesView } from './prices-view';

// The Accounts page's views (issue 32): Invoices, Balances, Export, and the reference data accounts keeps
// (Prices, Couriers); the one shown kept in the address
// (?view=); a view's own filters start afresh when another is chosen.

const views = {
  invoices: 'Invoices',
  balances: 'Balances',
  export: 'Export',
  prices: 'Prices',
  couriers: 'Couriers',
} as const;
type View = keyof typeof views;

export const AccountsPage = () => {
  const search = useLocationSearch();
  const asked = new URLSearchParams(search).get('view');
  const view: View = asked !== null && Object.hasOwn(views, asked) ? (asked as View) : 'invoices';
  const show = (next: View) =>
    writeSearchParams(new URLSearchParams(next === 'invoices' ? {} : { view: next }));

  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={view} onChange={(_event, next: View) => show(next)} aria-label="Accounts">
          {(Object.keys(views) as View[]).map((key) => (
            <Tab key={key} value={key} label={views[key]} />
          ))}
        </Tabs>
      </Box>
      {view === 'invoices' && <InvoicesView />}
      {view === 'balances' && <BalancesView />}
      {view === 'export' && <ExportView />}
      {view === 'prices' && <PricesView />}
      {view === 'couriers' && <CouriersView />}
    </Stack>
  );
};
