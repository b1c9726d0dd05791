import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';
import {
  formatToothLabel,
  formatToothText,
  lowerArchTeeth,
  toothChartTexts,
  toothConventionLabels,
  toothConventions,
  upperArchTeeth,
  type ToothConvention,
} from '@lab/domain';

export type ToothChartArch = 'both' | 'upper' | 'lower';

type ToothChartProps = {
  convention: ToothConvention;
  selectedTooth?: number | null;
  /** Teeth shown filled, as the selected one is (the customer portal's implants of a case). */
  highlightedTeeth?: readonly number[];
  /** Teeth that cannot be picked (another implant already sits there). */
  disabledTeeth?: readonly number[];
  /** Without it the chart is a picture: no tooth is a button. */
  onSelect?: ((fdi: number) => void) | undefined;
  /** One jaw only, for a card about that jaw. */
  arch?: ToothChartArch;
  /** The picture's accessible name when read-only. */
  label?: string;
};

const width = 400;
const centerX = width / 2;
const radiusX = 165;
const radiusY = 120;
const upperCenterY = 150;
const lowerCenterY = 190;
const height = lowerCenterY + radiusY + 30;
const toothRadius = 15;

// Teeth sit on half ellipses; the front teeth meet in the middle of each arch.
const archPositions = (teeth: readonly number[], isUpper: boolean) =>
  teeth.map((fdi, index) => {
    const angle = Math.PI - (Math.PI * (index + 0.5)) / teeth.length;
    const x = centerX + radiusX * Math.cos(angle);
    const y = isUpper ? upperCenterY - radiusY * Math.sin(angle) : lowerCenterY + radiusY * Math.sin(angle);
    return { fdi, x, y };
  });

const upperPositions = archPositions(upperArchTeeth, true);
const lowerPositions = archPositions(lowerArchTeeth, false);

// The part of the picture each arch needs: its teeth and its jaw label.
const archViews = {
  both: { positions: [...upperPositions, ...lowerPositions], top: 0, bottom: height },
  upper: { positions: upperPositions, top: 0, bottom: upperCenterY + 25 },
  lower: { positions: lowerPositions, top: lowerCenterY - 25, bottom: height },
} as const;

/**
 * The spec's tooth chart: a clickable upper (Maxillary) and lower (Mandibular) jaw, or, without
 * `onSelect`, a picture of the teeth a case works on.
 */
export const ToothChart = ({
  convention,
  selectedTooth = null,
  highlightedTeeth = [],
  disabledTeeth = [],
  onSelect,
  arch = 'both',
  label,
}: ToothChartProps) => {
  const theme = useTheme();
  const view = archViews[arch];
  const isReadOnly = onSelect === undefined;
  const handleKeyDown = (fdi: number) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.(fdi);
    }
  };
  return (
    <Box
      component="svg"
      viewBox={`0 ${view.top} ${width} ${view.bottom - view.top}`}
      sx={{ width: '100%', maxWidth: width }}
      role={isReadOnly ? 'img' : 'group'}
      aria-label={label}
    >
      {arch !== 'lower' && (
        <text
          x={centerX}
          y={upperCenterY - 20}
          textAnchor="middle"
          fill={theme.palette.text.secondary}
          fontSize={16}
        >
          {toothChartTexts.maxillary}
        </text>
      )}
      {arch !== 'upper' && (
        <text
          x={centerX}
          y={lowerCenterY + 30}
          textAnchor="middle"
          fill={theme.palette.text.secondary}
          fontSize={16}
        >
          {toothChartTexts.mandibular}
        </text>
      )}
      {view.positions.map(({ fdi, x, y }) => {
        const isSelected = fdi === selectedTooth || highlightedTeeth.includes(fdi);
        const isDisabled = disabledTeeth.includes(fdi);
        const toothLabel = formatToothLabel(fdi, convention);
        // Read aloud, the place on the chart is lost: the name carries Palmer's quadrant.
        const toothName = `Tooth ${formatToothText(fdi, convention)}`;
        const interaction = isReadOnly
          ? {}
          : {
              role: 'button',
              'aria-label': toothName,
              'aria-pressed': isSelected,
              'aria-disabled': isDisabled,
              tabIndex: isDisabled ? -1 : 0,
              onClick: isDisabled ? undefined : () => onSelect(fdi),
              onKeyDown: isDisabled ? undefined : handleKeyDown(fdi),
              style: { cursor: isDisabled ? 'not-allowed' : 'pointer' },
            };
        return (
          <g key={fdi} data-tooth={fdi} data-highlighted={isSelected || undefined} {...interaction}>
            <circle
              cx={x}
              cy={y}
              r={toothRadius}
              fill={
                isSelected
                  ? theme.palette.primary.main
                  : isDisabled
                    ? theme.palette.action.disabledBackground
                    : theme.palette.background.paper
              }
              stroke={isSelected ? theme.palette.primary.dark : theme.palette.grey[500]}
            />
            <text
              x={x}
              y={y + 5}
              textAnchor="middle"
              fontSize={13}
              fill={isSelected ? theme.palette.primary.contrastText : theme.palette.text.primary}
            >
              {toothLabel}
            </text>
          </g>
        );
      })}
    </Box>
  );
};

type ToothConventionToggleProps = {
  convention: ToothConvention;
  onChange: (convention: ToothConvention) => void;
};

/** FDI / Pal. / Uni.: only the labels change; implants keep the FDI code. */
export const ToothConventionToggle = ({ convention, onChange }: ToothConventionToggleProps) => (
  <ToggleButtonGroup
    size="small"
    exclusive
    value={convention}
    aria-label="Tooth numbering"
    onChange={(_event, next: ToothConvention | null) => {
      if (next) onChange(next);
    }}
  >
    {toothConventions.map((option) => (
      <ToggleButton key={option} value={option}>
        {toothConventionLabels[option]}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);
