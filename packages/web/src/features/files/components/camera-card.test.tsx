import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraCard } from './camera-card';

const fakeStream = () => {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
};

let getUserMedia: ReturnType<typeof vi.fn>;

const setPage = ({ isSecure, mediaDevices }: { isSecure: boolean; mediaDevices?: object }) => {
  Object.defineProperty(window, 'isSecureContext', { value: isSecure, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
};

const insecureText = 'The camera works only at an https:// address. Choose a photo from this device instead.';
const refusedText = 'The camera could not be started. Choose a photo from this device instead.';

const choosePhoto = (file: File) =>
  fireEvent.change(screen.getByLabelText('Photo file'), { target: { files: [file] } });

const startLiveCamera = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
  const video = await screen.findByLabelText('Camera preview');
  fireEvent.loadedMetadata(video);
  return screen.findByRole('button', { name: 'Take photo' });
};

describe('CameraCard', () => {
  beforeEach(() => {
    getUserMedia = vi.fn();
    setPage({ isSecure: true, mediaDevices: { getUserMedia } });
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
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'isSecureContext');
    Reflect.deleteProperty(navigator, 'mediaDevices');
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

  it('offers a photo from the device when the camera is refused, and saves it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const onSave = vi.fn((_jpeg: Blob, _name: string) => Promise.resolve());
    render(<CameraCard onSave={onSave} />);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusedText);
    expect(screen.queryByLabelText('Starting camera')).toBeNull();
    // The camera may be allowed after all: it can be tried again.
    expect(screen.getByRole('button', { name: 'Start camera' })).toBeTruthy();

    choosePhoto(new File(['jpeg bytes'], 'IMG_0042.jpg', { type: 'image/jpeg' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Saved' });
    expect(onSave).toHaveBeenCalledWith(expect.any(File), 'IMG_0042.jpg');
    expect(screen.getByText('IMG_0042.jpg — saved')).toBeTruthy();
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

  describe('on a plain-HTTP page, where browsers give no camera', () => {
    beforeEach(() => setPage({ isSecure: false }));

    it('says so up front and offers a photo from the device instead of Start camera', () => {
      render(<CameraCard onSave={vi.fn()} />);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe(insecureText);
      expect(alert.className).toContain('MuiAlert-colorInfo');
      expect(screen.queryByRole('button', { name: 'Start camera' })).toBeNull();
      const input = screen.getByLabelText('Photo file');
      expect(input.getAttribute('type')).toBe('file');
      expect(input.getAttribute('accept')).toBe('image/*');
      expect(input.getAttribute('capture')).toBe('environment');
      const openChooser = vi.spyOn(input, 'click').mockImplementation(() => undefined);
      fireEvent.click(screen.getByRole('button', { name: 'Choose photo' }));
      expect(openChooser).toHaveBeenCalledTimes(1);
    });

    it('saves the chosen photo once, under its name, with the same states as the camera', async () => {
      let answer: () => void = () => undefined;
      const onSave = vi.fn(
        (_jpeg: Blob, _name: string) => new Promise<void>((resolve) => (answer = resolve)),
      );
      render(<CameraCard onSave={onSave} />);
      choosePhoto(new File(['jpeg bytes'], 'crown_prep.jpg', { type: 'image/jpeg' }));
      expect(screen.getByRole('img', { name: 'Photo crown_prep.jpg' }).getAttribute('src')).toBe(
        'blob:http://localhost/photo',
      );
      expect(screen.queryByRole('alert')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      const saving = await screen.findByRole('button', { name: 'Saving…' });
      expect(saving.hasAttribute('disabled')).toBe(true);
      answer();
      const saved = await screen.findByRole('button', { name: 'Saved' });
      expect(saved.hasAttribute('disabled')).toBe(true);
      expect(screen.getByText('crown_prep.jpg — saved')).toBeTruthy();
      expect(onSave).toHaveBeenCalledTimes(1);
      const [jpeg, name] = onSave.mock.calls[0] ?? [];
      expect(name).toBe('crown_prep.jpg');
      expect(await jpeg?.text()).toBe('jpeg bytes');
      expect(screen.getByRole('button', { name: 'Choose another' })).toBeTruthy();
    });

    it('says so when the chosen photo could not be saved', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      render(<CameraCard onSave={() => Promise.reject(new Error('Network down'))} />);
      choosePhoto(new File(['jpeg bytes'], 'crown_prep.jpg', { type: 'image/jpeg' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The photo could not be saved, please try again.',
      );
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
    });

    it('saves any other image as a JPEG (the camera upload takes JPEG only)', async () => {
      const close = vi.fn();
      vi.stubGlobal(
        'createImageBitmap',
        vi.fn(() => Promise.resolve({ width: 800, height: 600, close })),
      );
      const onSave = vi.fn((_jpeg: Blob, _name: string) => Promise.resolve());
      render(<CameraCard onSave={onSave} />);
      choosePhoto(new File(['png bytes'], 'shade.tab.png', { type: 'image/png' }));
      expect(screen.getByText('shade.tab.jpg')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByRole('button', { name: 'Saved' });
      const [jpeg, name] = onSave.mock.calls[0] ?? [];
      expect(name).toBe('shade.tab.jpg');
      expect(jpeg?.type).toBe('image/jpeg');
      expect(await jpeg?.text()).toBe('800x600@0.9');
      expect(close).toHaveBeenCalled();
    });
  });
});
