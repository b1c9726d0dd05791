import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { canRestoreImage, caseDialogTexts, type Collection, type CollectionCase } from '@lab/domain';
import { CaseAuditTab } from '../../features/audit/components/case-audit-tab';
import { CaseChecklistTab } from '../../features/checklists/components/case-checklist-tab';
import { CaseHeader } from '../../features/cases/components/case-header';
import { CaseOverview } from '../../features/cases/components/case-overview';
import { ComponentExportButton } from '../../features/component-export/components/component-export-button';
import { FolderHelperButtons } from '../../features/folder-helpers/components/folder-helper-buttons';
import { CaseImplants } from '../../features/implants/components/case-implants';
import { StockChip } from '../../features/stock/components/stock-chip';
import { useMe } from '../../features/me/api/get-me';
import { CameraDialog } from '../../features/files/components/camera-dialog';
import { CaseFilesTab } from '../../features/files/components/case-files-tab';
import { FileLockBar } from '../../features/files/components/file-lock-bar';
import { ReturnFileDialog } from '../../features/files/components/return-file-dialog';
import { CaseOrderFormTab } from '../../features/order-forms/components/case-order-form-tab';
import { OutsourcingTab } from '../../features/outsourcing/components/outsourcing-tab';
import { PrintOptionsDialog } from '../../features/printing/components/print-options-dialog';
import { CaseTimelineTab } from '../../features/schedule/components/case-timeline-tab';
import { CaseApprovalPanel } from './approval-composition';
import { CaseNotesPanel } from './messages-composition';

export type CaseDrawerProps = {
  collection: Collection;
  cuid: string;
  onClose: () => void;
  onOpenCase: (cuid: string) => void;
};

const caseTabs = [
  'Overview',
  'Notes',
  'Checklist',
  'Timeline',
  'Approval',
  'Outsourcing',
  'Order Form',
  'Files',
  'Audit',
] as const;
type CaseTab = (typeof caseTabs)[number];

type TabPanelProps = {
  tab: CaseTab;
  collection: Collection;
  caseItem: CollectionCase;
  onOpenCase: (cuid: string) => void;
  canRestoreImages: boolean;
};

const TabPanel = ({ tab, collection, caseItem, onOpenCase, canRestoreImages }: TabPanelProps) => {
  switch (tab) {
    case 'Overview':
      return (
        <CaseOverview
          collection={collection}
          caseItem={caseItem}
          onOpenCase={onOpenCase}
          renderImplants={(isEditing) => (
            <CaseImplants
              collection={collection}
              caseItem={caseItem}
              isEditing={isEditing}
              renderPartStock={(code) => (
                <StockChip branchId={collection.fulfillment_branch_id} code={code} caseUid={caseItem.uid} />
              )}
            />
          )}
        />
      );
    case 'Notes':
      return (
        <CaseNotesPanel collection={collection} caseItem={caseItem} canRestoreImages={canRestoreImages} />
      );
    case 'Checklist':
      return <CaseChecklistTab collection={collection} caseItem={caseItem} />;
    case 'Timeline':
      return <CaseTimelineTab collection={collection} caseItem={caseItem} />;
    case 'Approval':
      return <CaseApprovalPanel collection={collection} caseItem={caseItem} />;
    case 'Outsourcing':
      return <OutsourcingTab collection={collection} caseItem={caseItem} />;
    case 'Order Form':
      return <CaseOrderFormTab collection={collection} caseItem={caseItem} />;
    case 'Files':
      return <CaseFilesTab collection={collection} caseItem={caseItem} canRestoreImages={canRestoreImages} />;
    case 'Audit':
      return <CaseAuditTab collection={collection} caseItem={caseItem} />;
  }
};

/** The case drawer (case-workspace §2): header and toolbar, then the case's tabs. */
export function CaseDrawer({ collection, cuid, onClose, onOpenCase }: CaseDrawerProps) {
  const caseItem = collection.cases.find((item) => item.uid === cuid);
  const me = useMe();
  const [tab, setTab] = useState<CaseTab>('Overview');

  return (
    <Drawer
      anchor="right"
      open={caseItem !== undefined}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: '90%' } } }}
    >
      {caseItem && (
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          <CaseHeader
            collection={collection}
            caseItem={caseItem}
            userDepartment={me.data?.department ?? null}
            onOpenCase={onOpenCase}
            onClose={onClose}
            featureDialogs={{
              renderReturnFile: (isOpen, onDialogClose) => (
                <ReturnFileDialog
                  isOpen={isOpen}
                  collection={collection}
                  caseItem={caseItem}
                  onClose={onDialogClose}
                />
              ),
              renderPhoto: (isOpen, onDialogClose) => (
                <CameraDialog
                  isOpen={isOpen}
                  collection={collection}
                  caseItem={caseItem}
                  onClose={onDialogClose}
                />
              ),
              renderPrint: (isOpen, onDialogClose, documentType) => (
                <PrintOptionsDialog
                  isOpen={isOpen}
                  initialDocumentType={documentType}
                  caseItem={caseItem}
                  printers={me.data?.printers ?? []}
                  onClose={onDialogClose}
                />
              ),
              renderCaseTools: () => (
                <>
                  <FolderHelperButtons folderPath={caseItem.folder_path} />
                  <ComponentExportButton caseItem={caseItem} />
                </>
              ),
            }}
          />
          {/* The drawer covers the collection header's lock bar: file work happens here, so it shows here too. */}
          <FileLockBar collectionUid={collection.uid} isStaging={me.data?.staging !== false} />
          {/* The border sits outside the scrollable tabs: on them it takes a pixel off the scroller, the
              tabs no longer fit it wholly and the scroll arrows show although nothing scrolls. */}
          <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
            <Tabs value={tab} onChange={(_, value: CaseTab) => setTab(value)} variant="scrollable">
              {caseTabs.map((name) => (
                <Tab key={name} value={name} label={name} />
              ))}
            </Tabs>
          </Box>
          <Box sx={{ p: 3 }} role="tabpanel" aria-label={tab}>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
              Case UID: {caseItem.uid}
            </Typography>
            {caseItem.has_unresolved_alert && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {caseDialogTexts.unresolvedAlert}
              </Alert>
            )}
            <TabPanel
              tab={tab}
              collection={collection}
              caseItem={caseItem}
              onOpenCase={onOpenCase}
              canRestoreImages={me.data ? canRestoreImage(me.data) : false}
            />
          </Box>
        </Box>
      )}
    </Drawer>
  );
}
