import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../../lib/url-state';
import { RecallView } from './recall-view';
import { KitsView } from './kits-view';
import { ShortagesView } from './shortages-view';
import { StockView } from './stock-view';

// Gauge MRP's views: Stock and Shortages (per branch), Kits and Recall (lab-wide), the one shown kept in
// the address (?view=).

const views = { stock: 'Stock', shortages: 'Shortages', kits: 'Kits', recall: 'Recall' } as const;
type View = keyof typeof views;

export const GaugeMrpPage = () => {
  const search = useLocationSearch();
  const asked = new URLSearchParams(search).get('view');
  const view: View = asked !== null && Object.hasOwn(views, asked) ? (asked as View) : 'stock';
  const show = (next: View) =>
    writeSearchParams(
      patchSearchParams(new URLSearchParams(search), { view: next === 'stock' ? null : next }),
    );

  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={view} onChange={(_event, next: View) => show(next)} aria-label="Gauge MRP">
          {(Object.keys(views) as View[]).map((key) => (
            <Tab key={key} value={key} label={views[key]} />
          ))}
        </Tabs>
      </Box>
      {view === 'stock' && <StockView />}
      {view === 'shortages' && <ShortagesView />}
      {view === 'kits' && <KitsView />}
      {view === 'recall' && <RecallView />}
    </Stack>
  );
};
