import Box from '@mui/material/Box';

// Regional indicator symbols: 'A' is U+1F1E6, and a pair of them renders as the country's flag.
const regionalIndicatorA = 0x1f1e6;

/** 🇦🇺 for 'AU'; '' for anything that is not a two-letter ISO code. No image is downloaded. */
export const countryFlagEmoji = (code: string | null | undefined): string => {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => regionalIndicatorA + letter.charCodeAt(0) - 65),
  );
};

type CountryFlagProps = { code: string | null | undefined; isCodeShown?: boolean };

export const CountryFlag = ({ code, isCodeShown = true }: CountryFlagProps) => {
  const flag = countryFlagEmoji(code);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      {flag && (
        <Box
          component="span"
          role="img"
          aria-label={code ?? undefined}
          sx={{ fontSize: '1.15em', lineHeight: 1 }}
        >
          {flag}
        </Box>
      )}
      {isCodeShown && code}
    </Box>
  );
};
