// The image editor's geometry and gating (collection-views §4 'Image editor', §5, §9). Points and sizes
// are in the ORIGINAL image's pixels, so the scaled preview and the full-size export draw the same thing.
//
// Reading of §9 'blur size 30% of the larger of width and height; sliders 0.1x to 3x of base; defaults
// 10% of image size for blur and 1% for markers and midline': the image size is the larger side. The
// blur slider's base is 30% of it (range 3%–90%) and starts at 10%; the marker slider's base is 1% of it
// (range 0.1%–3%) and starts there. The marker slider also sets the midline's width.
//
// Reading of 'blur' and 'midline': Blur blurs a band along the segment between the two points, as thick
// as the blur size and reaching half the blur size past each point (so the marked features themselves
// are covered). Blur with Midline then draws the line through both points across the whole image.

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

export const maxEditorWidth = 1200;
const blurBaseRatio = 0.3;
const blurDefaultRatio = 0.1;
const markerBaseRatio = 0.01;
const sliderMinFactor = 0.1;
const sliderMaxFactor = 3;
const grabRadiusFactor = 2;
// How soft the band is: the blur radius is a quarter of the band's thickness, enough to make features
// unrecognisable while the band still reads as one strip.
const blurRadiusRatio = 0.25;

/** The preview's size: scaled down (never up) to at most 1200 px wide, aspect kept. */
export const fitToWidth = (image: Size, maxWidth = maxEditorWidth): Size & { scale: number } => {
  const scale = image.width > maxWidth ? maxWidth / image.width : 1;
  return {
    scale,
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
};

const imageSizeOf = (image: Size): number => Math.max(image.width, image.height);

/** The slider bases, in image pixels. */
export const findBaseSizes = (image: Size): { blur: number; marker: number } => {
  const size = imageSizeOf(image);
  return { blur: size * blurBaseRatio, marker: size * markerBaseRatio };
};

export type SliderRange = { min: number; max: number; step: number };

/** 0.1× to 3× of the base, in a hundred steps of the base. */
export const findSliderRange = (base: number): SliderRange => ({
  min: base * sliderMinFactor,
  max: base * sliderMaxFactor,
  step: base / 100,
});

export type EditorSizes = { blurSize: number; markerSize: number };

export const findDefaultSizes = (image: Size): EditorSizes => {
  const size = imageSizeOf(image);
  return { blurSize: size * blurDefaultRatio, markerSize: size * markerBaseRatio };
};

/** The point a pointer grabs: the nearest one within twice the marker size, else null. */
export const findGrabbedPoint = (points: readonly Point[], at: Point, markerSize: number): number | null => {
  const grabRadius = markerSize * grabRadiusFactor;
  let found: number | null = null;
  let nearest = Infinity;
  for (const [index, point] of points.entries()) {
    const distance = Math.hypot(point.x - at.x, point.y - at.y);
    if (distance <= grabRadius && distance < nearest) {
      found = index;
      nearest = distance;
    }
  }
  return found;
};

const clampToImage = (point: Point, image: Size): Point => ({
  x: Math.min(Math.max(point.x, 0), image.width),
  y: Math.min(Math.max(point.y, 0), image.height),
});

/** Adds a point; a third click adds none. */
export const placePoint = (points: readonly Point[], at: Point, image: Size): readonly Point[] =>
  points.length >= 2 ? points : [...points, clampToImage(at, image)];

/** Moves the dragged point, kept inside the image. */
export const dragPoint = (
  points: readonly Point[],
  index: number,
  to: Point,
  image: Size,
): readonly Point[] =>
  index < 0 || index >= points.length
    ? points
    : points.map((point, i) => (i === index ? clampToImage(to, image) : point));

/** A pointer position on the displayed canvas (any CSS size) in image pixels. */
export const toImagePoint = (
  client: Point,
  rect: { left: number; top: number; width: number; height: number },
  image: Size,
): Point => ({
  x: rect.width > 0 ? ((client.x - rect.left) * image.width) / rect.width : 0,
  y: rect.height > 0 ? ((client.y - rect.top) * image.height) / rect.height : 0,
});

export const canBlur = (points: readonly Point[]): boolean => points.length === 2;
export const canClearPoints = (points: readonly Point[]): boolean => points.length === 2;

const unitDirection = (a: Point, b: Point): Point => {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  // Two points on the same spot: the band lies flat.
  return length === 0 ? { x: 1, y: 0 } : { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
};

/** The blurred band: four corners of a strip along a→b, `size` thick, reaching size/2 past each point. */
export const findBlurBand = (a: Point, b: Point, size: number): readonly Point[] => {
  const along = unitDirection(a, b);
  const half = size / 2;
  const across = { x: -along.y * half, y: along.x * half };
  const start = { x: a.x - along.x * half, y: a.y - along.y * half };
  const end = { x: b.x + along.x * half, y: b.y + along.y * half };
  return [
    { x: start.x + across.x, y: start.y + across.y },
    { x: end.x + across.x, y: end.y + across.y },
    { x: end.x - across.x, y: end.y - across.y },
    { x: start.x - across.x, y: start.y - across.y },
  ];
};

export const findBlurRadius = (size: number): number => Math.max(1, size * blurRadiusRatio);

/**
 * The midline: the line through both points, cut at the image's edges. Null when the points coincide
 * (no direction) — the band is still blurred.
 */
export const findMidline = (a: Point, b: Point, image: Size): readonly [Point, Point] | null => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return null;
  // Parametric line a + t·(b−a); keep the t range inside 0 ≤ x ≤ width and 0 ≤ y ≤ height.
  let low = -Infinity;
  let high = Infinity;
  const limit = (delta: number, origin: number, extent: number) => {
    if (delta === 0) return;
    const t1 = (0 - origin) / delta;
    const t2 = (extent - origin) / delta;
    low = Math.max(low, Math.min(t1, t2));
    high = Math.min(high, Math.max(t1, t2));
  };
  limit(dx, a.x, image.width);
  limit(dy, a.y, image.height);
  if (low > high) return null;
  return [
    { x: a.x + low * dx, y: a.y + low * dy },
    { x: a.x + high * dx, y: a.y + high * dy },
  ];
};

/** One applied edit, replayed on the original for the preview and again at full size for Save. */
export type BlurEdit = {
  points: readonly [Point, Point];
  blurSize: number;
  /** The midline's width, or null for a plain blur. */
  midlineWidth: number | null;
};

export const createBlurEdit = (
  points: readonly Point[],
  sizes: EditorSizes,
  withMidline: boolean,
): BlurEdit | null => {
  const [a, b] = points;
  if (!canBlur(points) || !a || !b) return null;
  return { points: [a, b], blurSize: sizes.blurSize, midlineWidth: withMidline ? sizes.markerSize : null };
};

/** Save uploads only a changed image. */
export const canSave = (edits: readonly BlurEdit[]): boolean => edits.length > 0;

/** Undo all: back to the original, with no points. */
export const canUndoAll = (edits: readonly BlurEdit[], points: readonly Point[]): boolean =>
  edits.length > 0 || points.length > 0;

export const canShowRestore = (options: { canRestore: boolean; isBlurred: boolean }): boolean =>
  options.canRestore && options.isBlurred;
