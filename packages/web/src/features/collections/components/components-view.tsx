import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import type { Collection } from '@lab/domain';
import { AddComponentDialog } from './add-component-dialog';
import { AlertingMessageAlerts } from './alerting-message-alerts';
import { BasicInformationCard } from './basic-information-card';
import { CollectionFlagsCard } from './collection-flags-card';
import { ComponentTabs } from './component-tabs';
import { OrderStageCard } from './order-stage-card';
import { PortalLinkCard } from './portal-link-card';

type ComponentsViewProps = {
  collection: Collection;
  /** Administrators may regenerate the portal link. */
  isAdmin: boolean;
  onOpenCase: (caseUid: string) => void;
};

/** Case Components: dentate tabs of component cards, and the collection's cards on the right. */
export const ComponentsView = ({ collection, isAdmin, onOpenCase }: ComponentsViewProps) => {
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);

  const handleAdded = (caseUid: string | null) => {
    setIsAddOpen(false);
    if (caseUid) onOpenCase(caseUid);
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 360px' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Case Components
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsAddOpen(true)}>
            Add Component
          </Button>
        </Stack>
        <ComponentTabs cases={collection.cases} onOpenCase={onOpenCase} />
      </Paper>
      <Stack spacing={2}>
        <AlertingMessageAlerts cases={collection.cases} onOpenCase={onOpenCase} />
        <BasicInformationCard collection={collection} isEditing={isEditing} onEditingChange={setIsEditing} />
        <OrderStageCard collection={collection} />
        <CollectionFlagsCard collection={collection} />
        <PortalLinkCard
          collectionUid={collection.uid}
          portalKey={collection.portal_key}
          canRegenerate={isAdmin}
        />
      </Stack>
      <AddComponentDialog
        collection={collection}
        isOpen={isAddOpen}
        onClose={() => setIsAddOpen(false)}
        onAdded={handleAdded}
      />
    </Box>
  );
};
