import { describe, expect, it } from 'vitest';
import {
  canBlur,
  canClearPoints,
  canSave,
  canShowRestore,
  canUndoAll,
  createBlurEdit,
  dragPoint,
  findBaseSizes,
  findBlurBand,
  findBlurRadius,
  findDefaultSizes,
  findGrabbedPoint,
  findMidline,
  findSliderRange,
  fitToWidth,
  placePoint,
  toImagePoint,
  type Point,
} from './image-editor-rules';

const image = { width: 4000, height: 3000 };
const a: Point = { x: 1000, y: 1500 };
const b: Point = { x: 3000, y: 1500 };

describe('fitToWidth', () => {
  it('scales a wide image down to 1200 px, keeping the aspect', () => {
    expect(fitToWidth(image)).toEqual({ scale: 0.3, width: 1200, height: 900 });
  });

  it('never scales a small image up', () => {
    expect(fitToWidth({ width: 800, height: 1200 })).toEqual({ scale: 1, width: 800, height: 1200 });
  });

  it('keeps a 1200 px image as it is and a tall one within 1200 px wide', () => {
    expect(fitToWidth({ width: 1200, height: 100 }).scale).toBe(1);
    const tall = fitToWidth({ width: 2400, height: 6000 });
    expect(tall).toEqual({ scale: 0.5, width: 1200, height: 3000 });
  });
});

describe('sizes', () => {
  it('bases the blur on 30% of the larger side and the marker on 1%', () => {
    expect(findBaseSizes(image)).toEqual({ blur: 1200, marker: 40 });
    expect(findBaseSizes({ width: 1000, height: 2000 })).toEqual({ blur: 600, marker: 20 });
  });

  it('starts at 10% of the image size for the blur and 1% for markers and midline', () => {
    expect(findDefaultSizes(image)).toEqual({ blurSize: 400, markerSize: 40 });
  });

  it('lets the sliders run from 0.1x to 3x of their base, with the defaults inside', () => {
    const base = findBaseSizes(image);
    const defaults = findDefaultSizes(image);
    const blur = findSliderRange(base.blur);
    const marker = findSliderRange(base.marker);
    expect(blur.min).toBeCloseTo(120);
    expect(blur.max).toBeCloseTo(3600);
    expect(marker.min).toBeCloseTo(4);
    expect(marker.max).toBeCloseTo(120);
    expect(defaults.blurSize).toBeGreaterThanOrEqual(blur.min);
    expect(defaults.blurSize).toBeLessThanOrEqual(blur.max);
    expect(defaults.markerSize).toBeGreaterThanOrEqual(marker.min);
    expect(defaults.markerSize).toBeLessThanOrEqual(marker.max);
    expect(blur.step).toBeCloseTo(12);
  });
});

describe('points', () => {
  it('places two points and ignores a third click', () => {
    const one = placePoint([], a, image);
    const two = placePoint(one, b, image);
    expect(two).toEqual([a, b]);
    const three = placePoint(two, { x: 10, y: 10 }, image);
    expect(three).toBe(two);
  });

  it('keeps placed and dragged points inside the image', () => {
    expect(placePoint([], { x: -5, y: 5000 }, image)).toEqual([{ x: 0, y: 3000 }]);
    expect(dragPoint([a, b], 1, { x: 9999, y: -1 }, image)).toEqual([a, { x: 4000, y: 0 }]);
  });

  it('drags only the grabbed point and ignores an unknown index', () => {
    const moved = dragPoint([a, b], 0, { x: 50, y: 60 }, image);
    expect(moved).toEqual([{ x: 50, y: 60 }, b]);
    expect(dragPoint([a, b], 2, { x: 50, y: 60 }, image)).toEqual([a, b]);
  });

  it('grabs a point within twice the marker size, the nearest first', () => {
    expect(findGrabbedPoint([a, b], { x: a.x + 79, y: a.y }, 40)).toBe(0);
    expect(findGrabbedPoint([a, b], { x: a.x + 80, y: a.y }, 40)).toBe(0);
    expect(findGrabbedPoint([a, b], { x: a.x + 81, y: a.y }, 40)).toBeNull();
    const close = [
      { x: 0, y: 0 },
      { x: 30, y: 0 },
    ];
    expect(findGrabbedPoint(close, { x: 20, y: 0 }, 40)).toBe(1);
    expect(findGrabbedPoint([], a, 40)).toBeNull();
  });

  it('maps a pointer on the displayed canvas to image pixels', () => {
    const rect = { left: 100, top: 50, width: 600, height: 450 };
    expect(toImagePoint({ x: 400, y: 275 }, rect, image)).toEqual({ x: 2000, y: 1500 });
    expect(toImagePoint({ x: 1, y: 1 }, { left: 0, top: 0, width: 0, height: 0 }, image)).toEqual({
      x: 0,
      y: 0,
    });
  });
});

describe('gating', () => {
  it('allows Blur and Clear only with exactly two points', () => {
    expect(canBlur([])).toBe(false);
    expect(canBlur([a])).toBe(false);
    expect(canBlur([a, b])).toBe(true);
    expect(canClearPoints([a])).toBe(false);
    expect(canClearPoints([a, b])).toBe(true);
  });

  it('saves only an edited image and undoes when there is anything to undo', () => {
    const edit = createBlurEdit([a, b], { blurSize: 400, markerSize: 40 }, false);
    expect(edit).not.toBeNull();
    expect(canSave([])).toBe(false);
    expect(canSave(edit ? [edit] : [])).toBe(true);
    expect(canUndoAll([], [])).toBe(false);
    expect(canUndoAll([], [a])).toBe(true);
  });

  it('offers Restore original only to those who may restore a blurred image', () => {
    expect(canShowRestore({ canRestore: true, isBlurred: true })).toBe(true);
    expect(canShowRestore({ canRestore: true, isBlurred: false })).toBe(false);
    expect(canShowRestore({ canRestore: false, isBlurred: true })).toBe(false);
  });
});

describe('blur band and midline', () => {
  it('covers the segment, size thick, reaching half the size past each point', () => {
    expect(findBlurBand(a, b, 400)).toEqual([
      { x: 800, y: 1700 },
      { x: 3200, y: 1700 },
      { x: 3200, y: 1300 },
      { x: 800, y: 1300 },
    ]);
  });

  it('turns with the points', () => {
    const band = findBlurBand({ x: 0, y: 0 }, { x: 0, y: 100 }, 20);
    expect(band).toEqual([
      { x: -10, y: -10 },
      { x: -10, y: 110 },
      { x: 10, y: 110 },
      { x: 10, y: -10 },
    ]);
    const diagonal = findBlurBand({ x: 0, y: 0 }, { x: 30, y: 40 }, 10);
    const [first, second] = diagonal;
    // Each long side is the segment (50) plus half the size at each end.
    expect(Math.hypot((second?.x ?? 0) - (first?.x ?? 0), (second?.y ?? 0) - (first?.y ?? 0))).toBeCloseTo(
      60,
    );
  });

  it('lays the band flat when both points are on the same spot', () => {
    expect(findBlurBand(a, a, 20)).toEqual([
      { x: 990, y: 1510 },
      { x: 1010, y: 1510 },
      { x: 1010, y: 1490 },
      { x: 990, y: 1490 },
    ]);
  });

  it('blurs with a radius a quarter of the size, never under 1 px', () => {
    expect(findBlurRadius(400)).toBe(100);
    expect(findBlurRadius(2)).toBe(1);
  });

  it('draws the midline through both points from edge to edge', () => {
    expect(findMidline(a, b, image)).toEqual([
      { x: 0, y: 1500 },
      { x: 4000, y: 1500 },
    ]);
    expect(findMidline({ x: 2000, y: 1000 }, { x: 2000, y: 2000 }, image)).toEqual([
      { x: 2000, y: 0 },
      { x: 2000, y: 3000 },
    ]);
    const diagonal = findMidline({ x: 1000, y: 1000 }, { x: 2000, y: 2000 }, image);
    expect(diagonal).toEqual([
      { x: 0, y: 0 },
      { x: 3000, y: 3000 },
    ]);
    expect(findMidline(a, a, image)).toBeNull();
  });

  it('records the midline width only for Blur with Midline', () => {
    const sizes = { blurSize: 400, markerSize: 40 };
    expect(createBlurEdit([a, b], sizes, true)).toEqual({ points: [a, b], blurSize: 400, midlineWidth: 40 });
    expect(createBlurEdit([a, b], sizes, false)?.midlineWidth).toBeNull();
    expect(createBlurEdit([a], sizes, true)).toBeNull();
  });
});
