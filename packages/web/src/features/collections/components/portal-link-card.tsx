import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useState } from 'react';
import { portalLinkFor, portalTexts } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyLinkButton } from '../../../components/copy-link-button';
import { useRegeneratePortalKey } from '../api/regenerate-portal-key';

type PortalLinkCardProps = {
  collectionUid: string;
  portalKey: string;
  /** Administrators may replace the key (the old link stops working). */
  canRegenerate: boolean;
};

/** The customer portal address of this collection, with a copy button (and regenerate, for admins). */
export const PortalLinkCard = ({ collectionUid, portalKey, canRegenerate }: PortalLinkCardProps) => {
  const link = portalLinkFor(window.location.origin, portalKey);
  const [isConfirming, setIsConfirming] = useState(false);
  const regenerate = useRegeneratePortalKey(collectionUid);

  const handleRegenerate = () => {
    regenerate.mutate(undefined, { onSettled: () => setIsConfirming(false) });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Portal Link
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {link}
          </Link>
          <CopyLinkButton link={link} label="Copy portal link" />
          {canRegenerate && (
            <Tooltip title="Regenerate link">
              <IconButton
                aria-label="Regenerate portal link"
                onClick={() => setIsConfirming(true)}
                size="small"
              >
                <AutorenewIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        {regenerate.isError && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {regenerate.error.message}
          </Typography>
        )}
      </CardContent>
      <ConfirmDialog
        isOpen={isConfirming}
        title="Regenerate Portal Link"
        message={portalTexts.regenerateConfirm}
        isBusy={regenerate.isPending}
        onConfirm={handleRegenerate}
        onCancel={() => setIsConfirming(false)}
      />
    </Card>
  );
};
