import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileResponse } from '../../../testing/fetch-stub';
import { FileViewerDialog, fileViewerTexts, type FileViewerDialogProps } from './file-viewer-dialog';

const address = 'https://files.example/one-time/4f1c';
const serviceName = (name: string) => `3b241101-e2bb-4255-8caf-4136c566a962/${name}`;

const okResponse = () => fileResponse('bytes', 'application/octet-stream');

let objectUrls: string[];
let fetchMock: ReturnType<typeof vi.fn>;
const createdBlobs: Blob[] = [];

const renderViewer = (props: Partial<FileViewerDialogProps> = {}) => {
  const loadUrl = vi.fn(() => Promise.resolve(address));
  const onClose = vi.fn();
  const allProps: FileViewerDialogProps = {
    open: true,
    fileName: serviceName('photo.jpg'),
    loadUrl,
    onClose,
    ...props,
  };
  const view = render(
    <StrictMode>
      <FileViewerDialog {...allProps} />
    </StrictMode>,
  );
  return { ...view, loadUrl, onClose, allProps };
};

const setSmallScreen = (isSmall: boolean) => {
  window.matchMedia = vi.fn((query: string) => ({
    matches: isSmall,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
};

describe('FileViewerDialog', () => {
  beforeEach(() => {
    objectUrls = [];
    createdBlobs.length = 0;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      createdBlobs.push(blob);
      const url = `blob:http://localhost/${objectUrls.length + 1}`;
      objectUrls.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    fetchMock = vi.fn(() => Promise.resolve(okResponse()));
    vi.stubGlobal('fetch', fetchMock);
    setSmallScreen(false);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the one-time address and fetches it exactly once, StrictMode included', async () => {
    const { loadUrl } = renderViewer();
    await screen.findByRole('img', { name: 'photo.jpg' });
    expect(loadUrl).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(address);
  });

  it('shows an image from memory under its display name, with a Download in the title bar', async () => {
    renderViewer();
    const image = await screen.findByRole('img', { name: 'photo.jpg' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(createdBlobs[0]?.type).toBe('image/jpeg');
    expect(screen.getByRole('heading', { name: 'photo.jpg' })).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('photo.jpg');
    expect(download.getAttribute('href')).toBe(image.getAttribute('src'));
  });

  it("says 'Image load failed' when the image cannot be shown", async () => {
    renderViewer();
    fireEvent.error(await screen.findByRole('img', { name: 'photo.jpg' }));
    expect(await screen.findByText(fileViewerTexts.imageLoadFailed)).toBeTruthy();
  });

  it('shows an HTML design in a frame that may run scripts but never shares our origin', async () => {
    renderViewer({ fileName: 'design.html' });
    const frame = await screen.findByTitle('design.html');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(createdBlobs[0]?.type).toBe('text/html');
  });

  it('offers Open File for an HTML design on a small screen, opening it sandboxed in a new tab', async () => {
    setSmallScreen(true);
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    renderViewer({ fileName: 'design.html' });
    expect(await screen.findByText(fileViewerTexts.smallScreenHtml)).toBeTruthy();
    expect(screen.queryByTitle('design.html')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open File' }));
    expect(open).toHaveBeenCalledWith(objectUrls[1], '_blank');
    expect(tab.opener).toBeNull();
    const page = await (createdBlobs[1] as Blob).text();
    expect(page).toContain(`<iframe sandbox="allow-scripts" src="${objectUrls[0]}">`);
  });

  it('offers only a download for other types', async () => {
    renderViewer({ fileName: 'report.pdf' });
    expect(await screen.findByText(fileViewerTexts.noPreview)).toBeTruthy();
    const downloads = screen.getAllByRole('link', { name: 'Download' });
    expect(downloads).toHaveLength(2);
    for (const link of downloads) {
      expect(link.getAttribute('download')).toBe('report.pdf');
      expect(link.getAttribute('href')).toMatch(/^blob:/);
    }
  });

  it('loads the 3D viewer for STL and PLY, which explains when WebGL is missing', async () => {
    // The 3D viewer is a lazy chunk: its first load on a busy machine takes longer than findBy's second.
    renderViewer({ fileName: 'upper.stl' });
    expect(
      await screen.findByText('This browser cannot show 3D models', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    cleanup();
    renderViewer({ fileName: 'scan.PLY' });
    expect(await screen.findByText('This browser cannot show 3D models')).toBeTruthy();
  });

  it("names the address when an image cannot be fetched ('Failed to fetch image at')", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue({ ...okResponse(), ok: false, status: 410 });
    renderViewer();
    expect(await screen.findByText(`${fileViewerTexts.imageFetchFailed} ${address}`)).toBeTruthy();
    expect(log).toHaveBeenCalled();
  });

  it('says the file could not be loaded for other types, and Try again asks for a new address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { loadUrl } = renderViewer({ fileName: 'report.pdf' });
    expect(await screen.findByText(fileViewerTexts.fileLoadFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(fileViewerTexts.noPreview)).toBeTruthy();
    expect(loadUrl).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows how much has arrived while the body streams in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6])];
    const reader = {
      read: vi.fn(async () => {
        if (reader.read.mock.calls.length === 2) await gate;
        const value = chunks.shift();
        return value ? { done: false, value } : { done: true, value: undefined };
      }),
    };
    fetchMock.mockResolvedValue({
      ...okResponse(),
      headers: new Headers({ 'Content-Length': '6' }),
      body: { getReader: () => reader },
    });
    renderViewer({ fileName: 'report.pdf' });
    expect(await screen.findByText('Loading… 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading file' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    await act(async () => release());
    expect(await screen.findByText(fileViewerTexts.noPreview)).toBeTruthy();
    expect(createdBlobs[0]?.size).toBe(6);
  });

  it('revokes its object URLs when closed', async () => {
    const { rerender, allProps } = renderViewer();
    await screen.findByRole('img', { name: 'photo.jpg' });
    rerender(
      <StrictMode>
        <FileViewerDialog {...allProps} open={false} />
      </StrictMode>,
    );
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(objectUrls[0]));
  });

  it('offers Edit for an editable image and swaps the image for the editor', async () => {
    renderViewer({
      editor: {
        canRestore: false,
        isBlurred: false,
        onSave: () => Promise.resolve(),
        onRestore: () => Promise.resolve(),
      },
    });
    await screen.findByRole('img', { name: 'photo.jpg' });
    const edit = screen.getByRole('button', { name: 'Edit' });
    expect(edit.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(edit);
    expect(screen.getByRole('button', { name: 'Edit' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('img', { name: 'photo.jpg' })).toBeNull());
  });

  it('offers no Edit without an editor or for files that are not images', async () => {
    renderViewer();
    await screen.findByRole('img', { name: 'photo.jpg' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
