import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';
import {
  formatToothLabel,
  lowerArchTeeth,
  toothChartTexts,
  toothConventionLabels,
  toothConventions,
  upperArchTeeth,
  type ToothConvention,
} from '@lab/domain';

type ToothChartProps = {
  convention: ToothConvention;
  selectedTooth: number | null;
  /** Teeth that cannot be picked (another implant already sits there). */
  disabledTeeth?: readonly number[];
  onSelect: (fdi: number) => void;
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

const positions = [...archPositions(upperArchTeeth, true), ...archPositions(lowerArchTeeth, false)];

/** The spec's tooth chart picker: a clickable upper (Maxillary) and lower (Mandibular) jaw. */
export const ToothChart = ({ convention, selectedTooth, disabledTeeth = [], onSelect }: ToothChartProps) => {
  const theme = useTheme();
  const handleKeyDown = (fdi: number) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(fdi);
    }
  };
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${height}`}
      sx={{ width: '100%', maxWidth: width }}
      role="group"
    >
      <text
        x={centerX}
        y={upperCenterY - 20}
        textAnchor="middle"
        fill={theme.palette.text.secondary}
        fontSize={16}
      >
        {toothChartTexts.maxillary}
      </text>
      <text
        x={centerX}
        y={lowerCenterY + 30}
        textAnchor="middle"
        fill={theme.palette.text.secondary}
        fontSize={16}
      >
        {toothChartTexts.mandibular}
      </text>
      {positions.map(({ fdi, x, y }) => {
        const isSelected = fdi === selectedTooth;
        const isDisabled = disabledTeeth.includes(fdi);
        const label = formatToothLabel(fdi, convention);
        return (
          <g
            key={fdi}
            role="button"
            aria-label={`Tooth ${label}`}
            aria-pressed={isSelected}
            aria-disabled={isDisabled}
            tabIndex={isDisabled ? -1 : 0}
            onClick={isDisabled ? undefined : () => onSelect(fdi)}
            onKeyDown={isDisabled ? undefined : handleKeyDown(fdi)}
            style={{ cursor: isDisabled ? 'not-allowed' : 'pointer' }}
          >
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
              {label}
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
