import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ReactElement } from 'react';
import type { CollectionView } from './collection-params';

type NavEntry = { view: CollectionView; label: string; icon: ReactElement };

// Spec §2, in the spec's order and words; the invoices view is labelled Billing.
const navEntries: readonly NavEntry[] = [
  { view: 'components', label: 'Case Components', icon: <CategoryOutlinedIcon /> },
  { view: 'messages', label: 'Notes & Messages', icon: <ForumOutlinedIcon /> },
  { view: 'approvals', label: 'Approvals', icon: <FactCheckOutlinedIcon /> },
  { view: 'orderForms', label: 'Order Forms', icon: <DescriptionOutlinedIcon /> },
  { view: 'checklists', label: 'Checklists', icon: <ChecklistIcon /> },
  { view: 'invoices', label: 'Billing', icon: <ReceiptLongIcon /> },
  { view: 'dispatches', label: 'Dispatches', icon: <LocalShippingOutlinedIcon /> },
];

type CollectionNavProps = { currentView: CollectionView; onChangeView: (view: CollectionView) => void };

export const CollectionNav = ({ currentView, onChangeView }: CollectionNavProps) => (
  <nav aria-label="Collection">
    <List dense sx={{ py: 1 }}>
      {navEntries.map((entry) => (
        <ListItemButton
          key={entry.view}
          selected={entry.view === currentView}
          aria-current={entry.view === currentView ? 'page' : undefined}
          onClick={() => onChangeView(entry.view)}
          sx={{ mx: 1, borderRadius: 1, mb: 0.25 }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{entry.icon}</ListItemIcon>
          <ListItemText primary={entry.label} />
        </ListItemButton>
      ))}
    </List>
  </nav>
);
