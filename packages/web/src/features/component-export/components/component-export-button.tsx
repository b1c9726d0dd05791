import Button from '@mui/material/Button';
import { useState } from 'react';
import { findNexusSessionId, type CollectionCase } from '@lab/domain';
import { ComponentExportDialog } from './component-export-dialog';

type ComponentExportButtonProps = { caseItem: CollectionCase };

/** Export Components: only for a case with a nexus_connect automation result with a session id (§5). */
export const ComponentExportButton = ({ caseItem }: ComponentExportButtonProps) => {
  const [isOpen, setIsOpen] = useState(false);
  const sessionId = findNexusSessionId(caseItem);
  if (sessionId === null) return null;
  return (
    <>
      <Button variant="outlined" color="inherit" onClick={() => setIsOpen(true)}>
        Export Components
      </Button>
      {/* Mounted only while open, so each opening starts with nothing chosen. */}
      {isOpen && (
        <ComponentExportDialog
          isOpen
          caseMkey={caseItem.case_mkey}
          sessionId={sessionId}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  );
};
