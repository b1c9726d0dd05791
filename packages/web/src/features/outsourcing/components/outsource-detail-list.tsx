import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type OutsourceDetail = { label: string; value: ReactNode };

/** A card's label/value pairs in two columns; absent values are left out by the caller. */
export const OutsourceDetailList = ({ details }: { details: readonly OutsourceDetail[] }) => (
  <Box
    component="dl"
    sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
  >
    {details.map(({ label, value }) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          component="dd"
          variant="body2"
          sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);
