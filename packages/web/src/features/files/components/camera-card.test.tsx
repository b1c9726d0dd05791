import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraCard } from './camera-card';

const fakeStream = () => {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
};

let getUserMedia: ReturnType<typeof vi.fn>;

const startLiveCamera = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
  const video = await screen.findByLabelText('Camera preview');
  fireEvent.loadedMetadata(video);
  return screen.findByRole('button', { name: 'Take photo' });
};

describe('CameraCard', () => {
  beforeEach(() => {
    getUserMedia = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/photo');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
      type,
      quality,
    ) {
      callback(new Blob([`${this.width}x${this.height}@${String(quality)}`], { type }));
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks for the back camera at 1920x1440', async () => {
    getUserMedia.mockResolvedValue(fakeStream().stream);
    render(<CameraCard onSave={vi.fn()} />);
    await startLiveCamera();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: {
        facingMode: { ideal: 'environment' },
        width: { ideal: 1920 },
        height: { ideal: 1440 },
      },
    });
  });

  it('returns quietly to the idle card when the camera is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    render(<CameraCard onSave={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByRole('button', { name: 'Start camera' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a 1920x1440 JPEG and saves it once under a photo_ name', async () => {
    getUserMedia.mockResolvedValue(fakeStream().stream);
    const onSave = vi.fn((_jpeg: Blob, _name: string) => Promise.resolve());
    render(<CameraCard onSave={onSave} />);
    fireEvent.click(await startLiveCamera());
    expect(await screen.findByRole('img', { name: /^Photo photo_/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await screen.findByRole('button', { name: 'Saved' });
    expect(saved.hasAttribute('disabled')).toBe(true);
    expect(onSave).toHaveBeenCalledTimes(1);
    const [jpeg, name] = onSave.mock.calls[0] ?? [];
    expect(jpeg?.type).toBe('image/jpeg');
    expect(await jpeg?.text()).toBe('1920x1440@0.9');
    expect(name).toMatch(/^photo_\d{8}_\d{6}\.jpg$/);
  });

  it('disables Save while saving', async () => {
    getUserMedia.mockResolvedValue(fakeStream().stream);
    const onSave = vi.fn(() => new Promise<void>(() => undefined));
    render(<CameraCard onSave={onSave} />);
    fireEvent.click(await startLiveCamera());
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving.hasAttribute('disabled')).toBe(true);
    fireEvent.click(saving);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('closing stops the camera and resets the photo', async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const onClose = vi.fn();
    render(<CameraCard onSave={vi.fn()} onClose={onClose} />);
    fireEvent.click(await startLiveCamera());
    await screen.findByRole('img', { name: /^Photo photo_/ });
    fireEvent.click(screen.getByRole('button', { name: 'Close camera' }));
    expect(track.stop).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('img', { name: /^Photo photo_/ })).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/photo');
    expect(screen.getByRole('button', { name: 'Start camera' })).toBeTruthy();
  });

  it('stops the camera when it goes away, and releases a camera granted after leaving', async () => {
    const first = fakeStream();
    getUserMedia.mockResolvedValue(first.stream);
    const { unmount } = render(<CameraCard onSave={vi.fn()} />);
    await startLiveCamera();
    unmount();
    expect(first.track.stop).toHaveBeenCalled();

    const late = fakeStream();
    let grant: (stream: MediaStream) => void = () => undefined;
    getUserMedia.mockReturnValue(new Promise<MediaStream>((resolve) => (grant = resolve)));
    const second = render(<CameraCard onSave={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    second.unmount();
    grant(late.stream);
    await waitFor(() => expect(late.track.stop).toHaveBeenCalled());
  });
});
