import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import { useEffect, useRef, useState } from 'react';
import type { BufferGeometry } from 'three';
import type { ModelExtension } from './model-extension';
import { createModelScene, parseModel, type ModelScene } from './model-scene';

export type ModelViewerProps = {
  /** The model file's bytes. */
  data: Blob;
  extension: ModelExtension;
};

type ViewerStatus = 'loading' | 'ready' | 'unreadable' | 'no-webgl';

// three.js r15x+ renders with WebGL 2 only.
const hasWebGl2 = (): boolean => {
  if (typeof window.WebGL2RenderingContext === 'undefined') return false;
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
};

const parseOrNull = (buffer: ArrayBuffer, extension: ModelExtension): BufferGeometry | null => {
  try {
    return parseModel(buffer, extension);
  } catch (error) {
    console.error(error);
    return null;
  }
};

const noWebGlText = 'This browser cannot show 3D models';

/**
 * The 3D viewer for .stl and .ply files (collection-views §2): rotate with the left button or one
 * finger, zoom with the wheel or a pinch, pan with the right button or two fingers.
 */
export const ModelViewer = ({ data, extension }: ModelViewerProps) => {
  const containerRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<ModelScene | null>(null);
  const [isWebGlAvailable] = useState(hasWebGl2);
  const [result, setResult] = useState<{ data: Blob; status: ViewerStatus } | null>(null);
  // A new file starts over at 'loading' without an effect resetting state.
  const status: ViewerStatus = result?.data === data ? result.status : 'loading';

  useEffect(() => {
    const container = containerRef.current;
    if (!isWebGlAvailable || !container) return undefined;
    let isDisposed = false;
    let scene: ModelScene | null = null;
    let observer: ResizeObserver | null = null;
    // Parsing a large scan blocks the main thread; a tick first lets 'Loading model…' paint.
    const timer = setTimeout(() => {
      const handleBuffer = (buffer: ArrayBuffer) => {
        if (isDisposed) return;
        const geometry = parseOrNull(buffer, extension);
        if (!geometry) {
          setResult({ data, status: 'unreadable' });
          return;
        }
        try {
          scene = createModelScene(container, geometry, extension);
        } catch (error) {
          // The context can still be refused (GPU blocklisted, too many contexts) after the check.
          console.error(error);
          geometry.dispose();
          setResult({ data, status: 'no-webgl' });
          return;
        }
        sceneRef.current = scene;
        const created = scene;
        observer = new ResizeObserver(() => created.resize(container.clientWidth, container.clientHeight));
        observer.observe(container);
        setResult({ data, status: 'ready' });
      };
      data.arrayBuffer().then(handleBuffer, (error: unknown) => {
        console.error(error);
        if (!isDisposed) setResult({ data, status: 'unreadable' });
      });
    }, 0);
    return () => {
      isDisposed = true;
      clearTimeout(timer);
      observer?.disconnect();
      scene?.dispose();
      sceneRef.current = null;
    };
  }, [data, extension, isWebGlAvailable]);

  if (!isWebGlAvailable || status === 'no-webgl') {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {noWebGlText}
      </Alert>
    );
  }

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', minHeight: 300 }}>
      <Box
        ref={containerRef}
        aria-label="3D model"
        role="img"
        sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
      />
      {status === 'loading' && (
        <Stack
          spacing={2}
          sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center' }}
        >
          <CircularProgress aria-label="Loading model" />
          <Typography>Loading model…</Typography>
        </Stack>
      )}
      {status === 'unreadable' && (
        <Alert severity="error" sx={{ position: 'absolute', top: 16, left: 16, right: 16 }}>
          The model could not be read
        </Alert>
      )}
      {status === 'ready' && (
        <Button
          variant="contained"
          color="inherit"
          size="small"
          startIcon={<CenterFocusStrongIcon />}
          onClick={() => sceneRef.current?.fitToView()}
          sx={{ position: 'absolute', top: 16, right: 16 }}
        >
          Fit to view
        </Button>
      )}
    </Box>
  );
};
