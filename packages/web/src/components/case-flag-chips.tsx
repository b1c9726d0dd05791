import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { CaseStageFlags } from '@lab/domain';

type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

// Spec: chips Design, Production, Lab, Ordered, Dispatched, Cancelled, one per true flag, in this order.
const stageChips: readonly { flag: keyof CaseStageFlags; label: string; color: ChipColor }[] = [
  { flag: 'in_design', label: 'Design', color: 'info' },
  { flag: 'in_production', label: 'Production', color: 'secondary' },
  { flag: 'in_lab', label: 'Lab', color: 'primary' },
  { flag: 'ordered', label: 'Ordered', color: 'default' },
  { flag: 'dispatched', label: 'Dispatched', color: 'success' },
  { flag: 'cancelled', label: 'Cancelled', color: 'error' },
];

/** The department chip labels of a case, in the spec's order. */
export const stageChipLabels = (flags: CaseStageFlags): string[] =>
  stageChips.filter((chip) => flags[chip.flag]).map((chip) => chip.label);

type CaseFlagChipsProps = { flags: CaseStageFlags; isVirtual?: boolean };

/** Department chips plus the Virtual chip, as the component cards and the case header show them. */
export const CaseFlagChips = ({ flags, isVirtual = false }: CaseFlagChipsProps) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {stageChips
      .filter((chip) => flags[chip.flag])
      .map((chip) => (
        <Chip key={chip.flag} size="small" label={chip.label} color={chip.color} />
      ))}
    {isVirtual && <Chip size="small" label="Virtual" variant="outlined" color="secondary" />}
  </Stack>
);
