import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  defaultScrewFor,
  defaultTibaseFor,
  formatToothText,
  type Implant,
  type ImplantBody,
  type ToothConvention,
} from '@lab/domain';
import { ToothChart, ToothConventionToggle } from '../../../components/tooth-chart';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useImplantPlatforms } from '../api/get-implant-platforms';
import { useScrews } from '../api/get-screws';
import { useTiBases } from '../api/get-tibases';
import type { ImplantMarket } from '../api/implant-market';
import {
  effectiveDefaults,
  findFormPlatform,
  implantBodyOf,
  implantFormStateOf,
  isImplantFormValid,
  newImplantFormState,
  type ImplantFormState,
} from '../implant-form-state';

type ImplantFormDialogProps = {
  /** null = a new implant. */
  implant: Implant | null;
  market: ImplantMarket;
  takenTeeth: readonly number[];
  convention: ToothConvention;
  isSaving: boolean;
  error: unknown;
  onConventionChange: (convention: ToothConvention) => void;
  onSubmit: (body: ImplantBody) => void;
  onClose: () => void;
};

const describeError = (error: unknown): string | null => {
  if (!error) return null;
  if (!isApiError(error)) return 'The implant could not be saved';
  const fields = Object.values(error.fields ?? {});
  return fields.length > 0 ? [...new Set([error.message, ...fields])].join('. ') : error.message;
};

// Lists only what can be chosen now, plus the implant's current part so an old choice still shows.
const selectable = <Item extends { id: number; name: string; enabled: boolean }>(
  items: readonly Item[] | undefined,
  currentId: number | null,
) => (items ?? []).filter((item) => item.enabled || item.id === currentId);

/** Add or edit one implant: tooth chart, pontic, platform, parts and options (spec §5 'Implants'). */
export const ImplantFormDialog = ({
  implant,
  market,
  takenTeeth,
  convention,
  isSaving,
  error,
  onConventionChange,
  onSubmit,
  onClose,
}: ImplantFormDialogProps) => {
  usePauseAutoRefresh(true);
  const [state, setState] = useState<ImplantFormState>(() =>
    implant ? implantFormStateOf(implant) : newImplantFormState(),
  );
  const platformsQuery = useImplantPlatforms(market);
  const screwsQuery = useScrews(market);
  const tibasesQuery = useTiBases(market);
  const platforms = platformsQuery.data ?? [];
  const platform = findFormPlatform(state, platforms);
  const defaults = effectiveDefaults(state, platforms);
  const defaultScrew = defaultScrewFor(platform, state.biaxial);
  const defaultTibase = defaultTibaseFor(platform);
  const isValid = isImplantFormValid(state, platforms);
  const errorText = describeError(error);

  const update = (patch: Partial<ImplantFormState>) => setState((current) => ({ ...current, ...patch }));
  const handleSubmit = () => {
    if (isValid) onSubmit(implantBodyOf(state, platforms));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="implant-form-title">
      <DialogTitle id="implant-form-title">{implant ? 'Edit Implant' : 'Add Implant'}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box sx={{ flex: 1 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2">
                Tooth: {state.tooth === null ? 'Select a tooth' : formatToothText(state.tooth, convention)}
              </Typography>
              <ToothConventionToggle convention={convention} onChange={onConventionChange} />
            </Stack>
            <ToothChart
              convention={convention}
              selectedTooth={state.tooth}
              disabledTeeth={takenTeeth.filter((tooth) => tooth !== implant?.tooth)}
              onSelect={(tooth) => update({ tooth })}
            />
          </Box>
          <Stack spacing={2} sx={{ flex: 1, pt: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={state.isPontic}
                  onChange={(event) =>
                    update({ isPontic: event.target.checked, biaxial: false, engaging: false })
                  }
                />
              }
              label="Pontic (no implant)"
            />
            {!state.isPontic && (
              <>
                <TextField
                  select
                  label="Implant Platform"
                  value={state.platformId ?? ''}
                  onChange={(event) =>
                    update({ platformId: Number(event.target.value), screwId: null, tibaseId: null })
                  }
                  helperText={platformsQuery.isError ? 'Implant platforms could not be loaded' : undefined}
                  error={platformsQuery.isError}
                >
                  {selectable(platformsQuery.data, implant?.platform_id ?? null).map((item) => (
                    <MenuItem key={item.id} value={item.id}>
                      {item.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Stack direction="row" spacing={2}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={state.biaxial}
                        onChange={(event) => update({ biaxial: event.target.checked })}
                      />
                    }
                    label="Bi-Axial"
                  />
                  <FormControlLabel
                    control={
                      <Switch
                        checked={state.engaging}
                        onChange={(event) => update({ engaging: event.target.checked })}
                      />
                    }
                    label="Engaging"
                  />
                </Stack>
                <FormControlLabel
                  control={
                    <Switch
                      checked={defaults.screw}
                      disabled={defaultScrew === null}
                      onChange={(event) =>
                        update({ wantsDefaults: { ...state.wantsDefaults, screw: event.target.checked } })
                      }
                    />
                  }
                  label={defaultScrew ? `Use default screw (${defaultScrew.name})` : 'Use default screw'}
                />
                {!defaults.screw && (
                  <TextField
                    select
                    label="Screw"
                    value={state.screwId ?? ''}
                    onChange={(event) => update({ screwId: Number(event.target.value) })}
                    error={platform !== null && state.screwId === null}
                    helperText={platform !== null && state.screwId === null ? 'Must be selected' : undefined}
                  >
                    {selectable(screwsQuery.data, implant?.screw?.id ?? null).map((item) => (
                      <MenuItem key={item.id} value={item.id}>
                        {item.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {platform?.to_tibase && (
                  <>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={defaults.tibase}
                          disabled={defaultTibase === null}
                          onChange={(event) =>
                            update({
                              wantsDefaults: { ...state.wantsDefaults, tibase: event.target.checked },
                            })
                          }
                        />
                      }
                      label={
                        defaultTibase ? `Use default ti-base (${defaultTibase.name})` : 'Use default ti-base'
                      }
                    />
                    {!defaults.tibase && (
                      <TextField
                        select
                        label="Ti-Base"
                        value={state.tibaseId ?? ''}
                        onChange={(event) => update({ tibaseId: Number(event.target.value) })}
                        error={state.tibaseId === null}
                        helperText={state.tibaseId === null ? 'Must be selected' : undefined}
                      >
                        {selectable(tibasesQuery.data, implant?.tibase?.id ?? null).map((item) => (
                          <MenuItem key={item.id} value={item.id}>
                            {item.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  </>
                )}
              </>
            )}
            {errorText && <Alert severity="error">{errorText}</Alert>}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleSubmit} disabled={!isValid || isSaving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
};
