import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  formatToothText,
  implantWarnings,
  implantWarningTexts,
  isPontic,
  type Implant,
  type ImplantPlatform,
  type ImplantWarning,
  type ToothConvention,
} from '@lab/domain';

type ImplantCardProps = {
  implant: Implant;
  convention: ToothConvention;
  /** The market's platforms; undefined while they load or when the collection has no branch. */
  platforms: ImplantPlatform[] | undefined;
  isEditing: boolean;
  isBusy: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onTurnOn: (option: 'bi_axial' | 'engaging') => void;
  /** The stock chip of a part by its warehouse code; the page composes it (features/stock). */
  renderPartStock?: ((code: string) => ReactNode) | undefined;
};

// Without the catalogue only the server's verdict on the platform is known; the part warnings need the
// platform's defaults.
const findWarnings = (implant: Implant, platforms: ImplantPlatform[] | undefined): ImplantWarning[] => {
  if (platforms) return implantWarnings(implant, platforms.find((p) => p.id === implant.platform_id) ?? null);
  return !isPontic(implant) && !implant.platform_valid ? [implantWarningTexts.platformUnavailable] : [];
};

const Detail = ({ label, value, extra }: { label: string; value: string; extra?: ReactNode }) => (
  <Typography
    variant="body2"
    component="div"
    sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
  >
    <span>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </span>
    {extra}
  </Typography>
);

const partName = (part: { name: string } | null, isDefault: boolean): string =>
  part ? `${part.name}${isDefault ? ' (default)' : ''}` : 'None';

/** One implant of the case: tooth, platform, parts, options and the spec's warnings. */
export const ImplantCard = ({
  implant,
  convention,
  platforms,
  isEditing,
  isBusy,
  onEdit,
  onRemove,
  onTurnOn,
  renderPartStock,
}: ImplantCardProps) => {
  const isPonticImplant = isPontic(implant);
  const warnings = findWarnings(implant, platforms);
  const toothText = formatToothText(implant.tooth, convention);
  return (
    <Card variant="outlined" data-testid="implant-card">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box
            sx={{
              minWidth: 48,
              height: 48,
              // A circle for '16'; a pill for Palmer's 'UL 06'.
              borderRadius: '24px',
              px: toothText.length > 2 ? 1.25 : 0,
              flexShrink: 0,
              whiteSpace: 'nowrap',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 600,
              fontSize: toothText.length > 2 ? 16 : 18,
            }}
            aria-label={`Tooth ${toothText}`}
          >
            {toothText}
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {isPonticImplant ? 'Pontic' : implant.platform}
            </Typography>
            {!isPonticImplant && (
              <>
                <Detail
                  label="Screw"
                  value={partName(implant.screw, implant.using_defaults.screw)}
                  extra={implant.screw && renderPartStock?.(implant.screw.code)}
                />
                {(implant.to_tibase || implant.tibase) && (
                  <Detail
                    label="Ti-Base"
                    value={partName(implant.tibase, implant.using_defaults.tibase)}
                    extra={implant.tibase && renderPartStock?.(implant.tibase.code)}
                  />
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Chip size="small" label={implant.biaxial ? 'Bi-Axial' : 'Straight'} />
                  <Chip size="small" label={implant.engaging ? 'Engaging' : 'Non-Engaging'} />
                </Stack>
              </>
            )}
            {warnings.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
                {warnings.map((warning) => (
                  <Chip key={warning} size="small" color="warning" label={warning} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      </CardContent>
      {isEditing && (
        <CardActions>
          <Button size="small" onClick={onEdit} disabled={isBusy}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={onRemove} disabled={isBusy}>
            Remove
          </Button>
          {!isPonticImplant && !implant.biaxial && (
            <Button size="small" onClick={() => onTurnOn('bi_axial')} disabled={isBusy}>
              Set Bi-Axial
            </Button>
          )}
          {!isPonticImplant && !implant.engaging && (
            <Button size="small" onClick={() => onTurnOn('engaging')} disabled={isBusy}>
              Set Engaging
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
};
