import Button from '@mui/material/Button';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useConf } from '../../../lib/conf';
import { legacyQcUrl } from '../checklist-rules';

/** The order-entry platform's own QC checklist of the case, in a new window (collection-views §2). */
export const LegacyQcButton = ({ caseUid, caseMkey }: { caseUid: string; caseMkey: string }) => {
  const conf = useConf();
  return (
    <Button
      size="small"
      component="a"
      href={legacyQcUrl(conf.order_entry_platform_url, caseUid)}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNewIcon fontSize="small" />}
      aria-label={`Legacy QC checklist of ${caseMkey}`}
    >
      Legacy QC
    </Button>
  );
};
