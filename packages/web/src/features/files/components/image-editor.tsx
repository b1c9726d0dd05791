import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  canBlur,
  canClearPoints,
  canSave,
  canShowRestore,
  canUndoAll,
  createBlurEdit,
  dragPoint,
  findBaseSizes,
  findDefaultSizes,
  findGrabbedPoint,
  findSliderRange,
  fitToWidth,
  placePoint,
  toImagePoint,
  type BlurEdit,
  type EditorSizes,
  type Point,
  type Size,
} from '../image-editor-rules';
import { drawPreview, exportPng, renderToNewCanvas } from './image-canvas';

export type ImageEditorProps = {
  /** An address the browser may load more than once (the viewer's blob: URL). */
  imageUrl: string;
  /** Admin or a DESIGN employee (§4 'Image editor'). */
  canRestore: boolean;
  /** The stored file is a blurred version with an original kept on the server. */
  isBlurred: boolean;
  onSave: (png: Blob) => Promise<void>;
  onRestore: () => Promise<void>;
  /** §8: a load failure is logged and reported to the owner as well as shown. */
  onLoadError?: (error: unknown) => void;
};

type LoadedImage = { url: string; image: HTMLImageElement; size: Size };

const imageLoadFailed = 'Image load failed';

const formatPixels = (value: number) => `${Math.round(value)} px`;

type SizeSliderProps = {
  label: string;
  base: number;
  value: number;
  isDisabled: boolean;
  onChange: (value: number) => void;
};

const SizeSlider = ({ label, base, value, isDisabled, onChange }: SizeSliderProps) => {
  const labelId = useId();
  const range = findSliderRange(base);
  return (
    <Box sx={{ minWidth: 180, flex: 1 }}>
      <Typography id={labelId} variant="body2" gutterBottom>
        {label}
      </Typography>
      <Slider
        aria-labelledby={labelId}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={isDisabled}
        valueLabelDisplay="auto"
        valueLabelFormat={formatPixels}
        getAriaValueText={formatPixels}
        onChange={(_event, next) => onChange(Array.isArray(next) ? (next[0] ?? value) : next)}
      />
    </Box>
  );
};

/**
 * Blurs part of an image (§4 'Image editor'): place two points, drag them, blur the band between them
 * with or without the midline, then Save uploads the edit at the original resolution as PNG.
 */
export const ImageEditor = ({
  imageUrl,
  canRestore,
  isBlurred,
  onSave,
  onRestore,
  onLoadError,
}: ImageEditorProps) => {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The original with the edits applied, at preview size; redrawn only when the edits change.
  const renderedRef = useRef<HTMLCanvasElement | null>(null);
  const dragIndexRef = useRef<number | null>(null);
  const [loaded, setLoaded] = useState<LoadedImage | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [points, setPoints] = useState<readonly Point[]>([]);
  const [edits, setEdits] = useState<readonly BlurEdit[]>([]);
  const [sizes, setSizes] = useState<EditorSizes>({ blurSize: 1, markerSize: 1 });
  const [isSaving, setIsSaving] = useState(false);
  const [hasSaveFailed, setHasSaveFailed] = useState(false);
  const [isConfirmingRestore, setIsConfirmingRestore] = useState(false);
  const [isRestoring, setIsRestoring] = useState(false);

  useEffect(() => {
    const image = new Image();
    image.onload = () => {
      const size = { width: image.naturalWidth, height: image.naturalHeight };
      setLoaded({ url: imageUrl, image, size });
      setSizes(findDefaultSizes(size));
      setPoints([]);
      setEdits([]);
    };
    image.onerror = () => {
      const error = new Error(`${imageLoadFailed}: ${imageUrl}`);
      console.error(error);
      setFailedUrl(imageUrl);
      onLoadError?.(error);
    };
    image.src = imageUrl;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [imageUrl, onLoadError]);

  const current = loaded?.url === imageUrl ? loaded : null;
  const preview = current ? fitToWidth(current.size) : null;

  useEffect(() => {
    if (!current) return;
    renderedRef.current = renderToNewCanvas(
      current.image,
      current.size,
      edits,
      fitToWidth(current.size).scale,
    );
  }, [current, edits]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const rendered = renderedRef.current;
    if (!canvas || !rendered || !current) return;
    drawPreview(canvas, rendered, points, sizes.markerSize, fitToWidth(current.size).scale);
  }, [current, edits, points, sizes.markerSize]);

  if (failedUrl === imageUrl) return <Alert severity="error">{imageLoadFailed}</Alert>;
  if (!current || !preview) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading image" />
      </Box>
    );
  }

  const base = findBaseSizes(current.size);
  const isBusy = isSaving || isRestoring;

  const pointFromEvent = (event: PointerEvent<HTMLCanvasElement>): Point =>
    toImagePoint(
      { x: event.clientX, y: event.clientY },
      event.currentTarget.getBoundingClientRect(),
      current.size,
    );

  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (isBusy) return;
    const at = pointFromEvent(event);
    const grabbed = findGrabbedPoint(points, at, sizes.markerSize);
    if (grabbed === null) {
      setPoints(placePoint(points, at, current.size));
      return;
    }
    dragIndexRef.current = grabbed;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Synthetic or already-ended pointers cannot be captured; dragging still follows moves.
    }
  };

  const handlePointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const index = dragIndexRef.current;
    if (index === null) return;
    setPoints(dragPoint(points, index, pointFromEvent(event), current.size));
  };

  const handlePointerEnd = () => {
    dragIndexRef.current = null;
  };

  const handleBlur = (withMidline: boolean) => {
    const edit = createBlurEdit(points, sizes, withMidline);
    if (edit) setEdits([...edits, edit]);
  };

  const handleUndoAll = () => {
    setEdits([]);
    setPoints([]);
    setHasSaveFailed(false);
  };

  const handleSave = () => {
    setIsSaving(true);
    setHasSaveFailed(false);
    void exportPng(current.image, current.size, edits)
      .then(onSave)
      .then(
        () => setIsSaving(false),
        (error: unknown) => {
          console.error(error);
          setIsSaving(false);
          setHasSaveFailed(true);
        },
      );
  };

  const handleRestore = () => {
    setIsRestoring(true);
    void onRestore().then(
      () => {
        setIsRestoring(false);
        setIsConfirmingRestore(false);
      },
      (error: unknown) => {
        console.error(error);
        setIsRestoring(false);
        setIsConfirmingRestore(false);
      },
    );
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', width: '100%' }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="outlined" disabled={!canBlur(points) || isBusy} onClick={() => handleBlur(false)}>
          Blur
        </Button>
        <Button variant="outlined" disabled={!canBlur(points) || isBusy} onClick={() => handleBlur(true)}>
          Blur with Midline
        </Button>
        <Button disabled={!canClearPoints(points) || isBusy} onClick={() => setPoints([])}>
          Clear points
        </Button>
        <Button disabled={!canUndoAll(edits, points) || isBusy} onClick={handleUndoAll}>
          Undo all
        </Button>
        <Button variant="contained" disabled={!canSave(edits) || isBusy} onClick={handleSave}>
          {isSaving ? 'Saving…' : 'Save'}
        </Button>
        {canShowRestore({ canRestore, isBlurred }) && (
          <Button color="warning" disabled={isBusy} onClick={() => setIsConfirmingRestore(true)}>
            Restore original
          </Button>
        )}
      </Stack>
      <Stack direction="row" useFlexGap spacing={3} sx={{ width: '100%', maxWidth: 600, flexWrap: 'wrap' }}>
        <SizeSlider
          label="Blur size"
          base={base.blur}
          value={sizes.blurSize}
          isDisabled={isBusy}
          onChange={(blurSize) => setSizes({ ...sizes, blurSize })}
        />
        <SizeSlider
          label="Marker size"
          base={base.marker}
          value={sizes.markerSize}
          isDisabled={isBusy}
          onChange={(markerSize) => setSizes({ ...sizes, markerSize })}
        />
      </Stack>
      {hasSaveFailed && <Alert severity="error">The image could not be saved, please try again.</Alert>}
      <Typography variant="body2" color="text.secondary">
        {points.length < 2 ? 'Click the image to place two points.' : 'Drag a point to move it.'}
      </Typography>
      <canvas
        ref={canvasRef}
        width={preview.width}
        height={preview.height}
        aria-label="Image editor canvas"
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerEnd}
        onPointerCancel={handlePointerEnd}
        style={{
          display: 'block',
          width: '100%',
          maxWidth: preview.width,
          height: 'auto',
          // Touch drags move the markers instead of scrolling the page.
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
      <ConfirmDialog
        isOpen={isConfirmingRestore}
        title="Restore original"
        message="Are you sure you want to restore the original image? The blurred image will be replaced."
        confirmLabel="Restore"
        isBusy={isRestoring}
        onConfirm={handleRestore}
        onCancel={() => setIsConfirmingRestore(false)}
      />
    </Stack>
  );
};
