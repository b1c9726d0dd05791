import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Component, Suspense, type ReactNode } from 'react';

type BoundaryProps = { children: ReactNode };
type BoundaryState = { hasFailed: boolean };

// A lazy chunk that fails to download (deploy in between, network) would otherwise unmount the page.
export class ChunkErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { hasFailed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.hasFailed) {
      return (
        <Alert severity="error" sx={{ m: 2 }}>
          This part of the page could not be loaded. Please reload the page.
        </Alert>
      );
    }
    return this.props.children;
  }
}

const Spinner = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

/** Suspense for a lazy part (3D viewer, image editor) with a spinner and a contained failure. */
export const LazyPartBoundary = ({ children }: BoundaryProps) => (
  <ChunkErrorBoundary>
    <Suspense fallback={<Spinner />}>{children}</Suspense>
  </ChunkErrorBoundary>
);
