import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { groupComponentsByDentate, type CollectionCase, type DentateTab } from '@lab/domain';
import { ComponentCard } from './component-card';

export const dentateTabLabels: Record<DentateTab, string> = {
  UPPER: 'Upper',
  LOWER: 'Lower',
  BOTH: 'Both',
  NONE: 'None',
};

type ComponentTabsProps = {
  cases: readonly CollectionCase[];
  onOpenCase: (caseUid: string) => void;
};

/** Spec §2: a tab per dentate that has components, each with its count, and the cards of that tab. */
export const ComponentTabs = ({ cases, onOpenCase }: ComponentTabsProps) => {
  const groups = useMemo(() => groupComponentsByDentate(cases), [cases]);
  const [chosen, setChosen] = useState<DentateTab | null>(null);
  // A tab can empty itself (a component moved jaw): fall back to the first one left.
  const current = groups.find((group) => group.tab === chosen) ?? groups[0];

  if (!current) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        This collection has no components yet.
      </Typography>
    );
  }

  return (
    <Box>
      <Tabs
        value={current.tab}
        onChange={(_event, tab: DentateTab) => setChosen(tab)}
        aria-label="Dentate"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {groups.map((group) => (
          <Tab
            key={group.tab}
            value={group.tab}
            aria-label={`${dentateTabLabels[group.tab]} (${group.count})`}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{dentateTabLabels[group.tab]}</span>
                <Chip size="small" label={group.count} />
              </Stack>
            }
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        aria-label={dentateTabLabels[current.tab]}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
      >
        {current.components.map((item) => (
          <ComponentCard key={item.uid} item={item} onOpen={onOpenCase} />
        ))}
      </Box>
    </Box>
  );
};
