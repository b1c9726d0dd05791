import {
  findBlurBand,
  findBlurRadius,
  findMidline,
  type BlurEdit,
  type Point,
  type Size,
} from '../image-editor-rules';

// Canvas drawing for the image editor. Everything is drawn in image pixels under a scale transform, so
// the same edits give the preview (scale ≤ 1) and the saved PNG (scale 1).

const midlineColour = '#ffd600';
const markerFill = 'rgba(25, 118, 210, 0.85)';
const markerStroke = '#ffffff';

const createCanvas = (size: Size): HTMLCanvasElement => {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
};

const context2d = (canvas: HTMLCanvasElement): CanvasRenderingContext2D => {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  return context;
};

// Safari before 18 ignores `filter` on a 2D context: setting it leaves the old value.
const supportsFilter = (context: CanvasRenderingContext2D): boolean => {
  if (typeof context.filter !== 'string') return false;
  const previous = context.filter;
  context.filter = 'blur(1px)';
  const isSupported = context.filter === 'blur(1px)';
  context.filter = previous;
  return isSupported;
};

const tracePolygon = (context: CanvasRenderingContext2D, polygon: readonly Point[]) => {
  context.beginPath();
  polygon.forEach((point, index) => {
    if (index === 0) context.moveTo(point.x, point.y);
    else context.lineTo(point.x, point.y);
  });
  context.closePath();
};

/** Blur without `filter`: shrink by the radius, then stretch back with smoothing (a soft box blur). */
const drawScaledBlur = (context: CanvasRenderingContext2D, source: HTMLCanvasElement, radiusPx: number) => {
  const factor = Math.max(2, radiusPx);
  const small = createCanvas({
    width: Math.max(1, Math.round(source.width / factor)),
    height: Math.max(1, Math.round(source.height / factor)),
  });
  const smallContext = context2d(small);
  smallContext.imageSmoothingEnabled = true;
  smallContext.imageSmoothingQuality = 'high';
  smallContext.drawImage(source, 0, 0, small.width, small.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(small, 0, 0, source.width, source.height);
};

const applyBlur = (canvas: HTMLCanvasElement, edit: BlurEdit, scale: number) => {
  const context = context2d(canvas);
  // The band is blurred from what is already drawn (earlier edits included), read from a copy.
  const snapshot = createCanvas(canvas);
  context2d(snapshot).drawImage(canvas, 0, 0);
  const [a, b] = edit.points;
  const band = findBlurBand(a, b, edit.blurSize).map((point) => ({
    x: point.x * scale,
    y: point.y * scale,
  }));
  const radiusPx = findBlurRadius(edit.blurSize) * scale;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  tracePolygon(context, band);
  context.clip();
  if (supportsFilter(context)) {
    context.filter = `blur(${radiusPx}px)`;
    context.drawImage(snapshot, 0, 0);
  } else {
    drawScaledBlur(context, snapshot, radiusPx);
  }
  context.restore();
};

const drawMidline = (canvas: HTMLCanvasElement, edit: BlurEdit, image: Size, scale: number) => {
  if (edit.midlineWidth === null) return;
  const line = findMidline(edit.points[0], edit.points[1], image);
  if (!line) return;
  const context = context2d(canvas);
  context.save();
  context.setTransform(scale, 0, 0, scale, 0, 0);
  context.strokeStyle = midlineColour;
  context.lineWidth = edit.midlineWidth;
  context.lineCap = 'butt';
  context.beginPath();
  context.moveTo(line[0].x, line[0].y);
  context.lineTo(line[1].x, line[1].y);
  context.stroke();
  context.restore();
};

/** Draws the original and replays the edits onto `canvas`, whose size is the image's times `scale`. */
export const renderEdits = (
  canvas: HTMLCanvasElement,
  image: CanvasImageSource,
  imageSize: Size,
  edits: readonly BlurEdit[],
  scale: number,
) => {
  const context = context2d(canvas);
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  context.restore();
  for (const edit of edits) {
    applyBlur(canvas, edit, scale);
    drawMidline(canvas, edit, imageSize, scale);
  }
};

/** The preview: the rendered edits plus the point markers (markers are never saved). */
export const drawPreview = (
  canvas: HTMLCanvasElement,
  rendered: HTMLCanvasElement,
  points: readonly Point[],
  markerSize: number,
  scale: number,
) => {
  const context = context2d(canvas);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(rendered, 0, 0);
  context.setTransform(scale, 0, 0, scale, 0, 0);
  for (const point of points) {
    context.beginPath();
    context.arc(point.x, point.y, markerSize, 0, Math.PI * 2);
    context.fillStyle = markerFill;
    context.fill();
    context.lineWidth = Math.max(markerSize * 0.25, 1 / scale);
    context.strokeStyle = markerStroke;
    context.stroke();
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
};

/** A canvas of the given size holding the rendered edits. */
export const renderToNewCanvas = (
  image: CanvasImageSource,
  imageSize: Size,
  edits: readonly BlurEdit[],
  scale: number,
): HTMLCanvasElement => {
  const canvas = createCanvas({
    width: Math.max(1, Math.round(imageSize.width * scale)),
    height: Math.max(1, Math.round(imageSize.height * scale)),
  });
  renderEdits(canvas, image, imageSize, edits, scale);
  return canvas;
};

/** Save: the edits replayed on the original at its full resolution, as PNG (§9). */
export const exportPng = (
  image: CanvasImageSource,
  imageSize: Size,
  edits: readonly BlurEdit[],
): Promise<Blob> => {
  const canvas = renderToNewCanvas(image, imageSize, edits, 1);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('The image could not be encoded'));
    }, 'image/png');
  });
};
