import Box from '@mui/material/Box';
import { AU, NZ, type FlagComponent } from 'country-flag-icons/react/3x2';

// Flag emoji do not render on Windows or on Linux without an emoji font, so the countries the lab
// serves get real SVG flags (only these are bundled); any other code falls back to the emoji.
const svgFlags: Partial<Record<string, FlagComponent>> = { AU, NZ };

// Regional indicator symbols: 'A' is U+1F1E6, and a pair of them renders as the country's flag.
const regionalIndicatorA = 0x1f1e6;

/** 🇦🇺 for 'AU'; '' for anything that is not a two-letter ISO code. */
export const countryFlagEmoji = (code: string | null | undefined): string => {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => regionalIndicatorA + letter.charCodeAt(0) - 65),
  );
};

type CountryFlagProps = { code: string | null | undefined; isCodeShown?: boolean };

export const CountryFlag = ({ code, isCodeShown = true }: CountryFlagProps) => {
  const upper = code?.toUpperCase() ?? '';
  const Svg = svgFlags[upper];
  const emoji = Svg ? '' : countryFlagEmoji(code);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      {Svg && (
        <Box
          component="span"
          role="img"
          aria-label={upper}
          sx={{ display: 'inline-flex', width: 21, height: 14, boxShadow: '0 0 0 1px rgba(0,0,0,.12)' }}
        >
          <Svg width={21} height={14} aria-hidden="true" />
        </Box>
      )}
      {emoji && (
        <Box
          component="span"
          role="img"
          aria-label={code ?? undefined}
          sx={{ fontSize: '1.15em', lineHeight: 1 }}
        >
          {emoji}
        </Box>
      )}
      {isCodeShown && code}
    </Box>
  );
};
