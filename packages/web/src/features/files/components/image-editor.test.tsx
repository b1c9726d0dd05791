import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageEditor, type ImageEditorProps } from './image-editor';

// jsdom neither decodes images nor draws: a fake image "loads" a 4000×3000 photo (shown at 1200×900),
// and the 2D context records nothing.
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 4000;
  naturalHeight = 3000;

  set src(value: string) {
    queueMicrotask(() => (value.includes('broken') ? this.onerror?.() : this.onload?.()));
  }
}

const fakeContext = () => {
  const state: Record<string | symbol, unknown> = { filter: 'none' };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
};

const renderEditor = (props: Partial<ImageEditorProps> = {}) => {
  const onSave = vi.fn((_png: Blob) => Promise.resolve());
  const onRestore = vi.fn(() => Promise.resolve());
  render(
    <ImageEditor
      imageUrl="blob:http://localhost/photo"
      canRestore={false}
      isBlurred={false}
      onSave={onSave}
      onRestore={onRestore}
      {...props}
    />,
  );
  return { onSave, onRestore };
};

const button = (name: string) => screen.getByRole('button', { name });
const isDisabled = (name: string) => button(name).hasAttribute('disabled');

// Canvas pixels are image pixels × 0.3 here: (300, 450) on screen is (1000, 1500) in the image.
const clickCanvas = async (x: number, y: number) => {
  const canvas = await screen.findByLabelText('Image editor canvas');
  fireEvent.pointerDown(canvas, { clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: x, clientY: y, pointerId: 1 });
};

let encodedSizes: [number, number][];

describe('ImageEditor', () => {
  beforeEach(() => {
    encodedSizes = [];
    vi.stubGlobal('Image', FakeImage);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => fakeContext() as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
      type,
    ) {
      encodedSizes.push([this.width, this.height]);
      callback(new Blob(['png'], { type }));
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 1200, height: 900 }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws the preview at most 1200 px wide, keeping the aspect', async () => {
    renderEditor();
    const canvas = await screen.findByLabelText('Image editor canvas');
    expect(canvas.getAttribute('width')).toBe('1200');
    expect(canvas.getAttribute('height')).toBe('900');
  });

  it('enables Blur, Blur with Midline and Clear points only with exactly two points', async () => {
    renderEditor();
    await screen.findByLabelText('Image editor canvas');
    const gated = ['Blur', 'Blur with Midline', 'Clear points'];
    expect(gated.map(isDisabled)).toEqual([true, true, true]);
    await clickCanvas(300, 450);
    expect(gated.map(isDisabled)).toEqual([true, true, true]);
    await clickCanvas(900, 450);
    expect(gated.map(isDisabled)).toEqual([false, false, false]);
    await clickCanvas(600, 100);
    expect(gated.map(isDisabled)).toEqual([false, false, false]);
    fireEvent.click(button('Clear points'));
    expect(gated.map(isDisabled)).toEqual([true, true, true]);
  });

  it('moves a grabbed point instead of placing a new one', async () => {
    renderEditor();
    await clickCanvas(300, 450);
    const canvas = screen.getByLabelText('Image editor canvas');
    // Within the grab radius (2 × 40 image px = 24 screen px) of the first point: a drag, not a point.
    fireEvent.pointerDown(canvas, { clientX: 310, clientY: 455, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 500, clientY: 600, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 500, clientY: 600, pointerId: 1 });
    expect(isDisabled('Blur')).toBe(true);
  });

  it('saves the blurred image as PNG and Undo all returns to the original', async () => {
    const { onSave } = renderEditor();
    await screen.findByLabelText('Image editor canvas');
    expect(isDisabled('Save')).toBe(true);
    await clickCanvas(300, 450);
    await clickCanvas(900, 450);
    fireEvent.click(button('Blur with Midline'));
    expect(isDisabled('Save')).toBe(false);
    fireEvent.click(button('Save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0].type).toBe('image/png');
    // Encoded from a full-size rendering, not the 1200 px preview.
    expect(encodedSizes).toEqual([[4000, 3000]]);
    fireEvent.click(button('Undo all'));
    expect(isDisabled('Save')).toBe(true);
    expect(isDisabled('Blur')).toBe(true);
  });

  it('starts the sliders at 10% of the image size for the blur and 1% for the markers', async () => {
    renderEditor();
    await screen.findByLabelText('Image editor canvas');
    const sliders = screen.getAllByRole('slider');
    expect(sliders.map((slider) => slider.getAttribute('aria-valuenow'))).toEqual(['400', '40']);
    expect(sliders.map((slider) => [slider.getAttribute('min'), slider.getAttribute('max')])).toEqual([
      ['120', '3600'],
      ['4', '120'],
    ]);
  });

  it('offers Restore original only for a blurred image to those allowed, after confirmation', async () => {
    const { onRestore } = renderEditor({ canRestore: true, isBlurred: true });
    await screen.findByLabelText('Image editor canvas');
    fireEvent.click(button('Restore original'));
    const dialog = await screen.findByRole('dialog', { name: 'Restore original' });
    expect(onRestore).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(onRestore).toHaveBeenCalledTimes(1));
  });

  it('hides Restore original when the image is not blurred or the user may not restore', async () => {
    renderEditor({ canRestore: true, isBlurred: false });
    await screen.findByLabelText('Image editor canvas');
    expect(screen.queryByRole('button', { name: 'Restore original' })).toBeNull();
    cleanup();
    renderEditor({ canRestore: false, isBlurred: true });
    await screen.findByLabelText('Image editor canvas');
    expect(screen.queryByRole('button', { name: 'Restore original' })).toBeNull();
  });

  it("says 'Image load failed', logs and reports when the image cannot load", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLoadError = vi.fn();
    renderEditor({ imageUrl: 'blob:http://localhost/broken', onLoadError });
    expect(await screen.findByText('Image load failed')).toBeTruthy();
    expect(onLoadError).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalled();
  });
});
