import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeHelperArgument, folderHelperTexts, installPopupMs, oepHelperDownloadUrl } from '@lab/domain';
import { restoreCopyStubs, stubPlainHttpPage } from '../../../testing/copy-stubs';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { FolderHelperButtons } from './folder-helper-buttons';

const folderPath = '\\\\mel-fs01\\cases\\120034\\120034-01';

const renderButtons = (path: string | null, answer = () => json({ key: 'key-1' }, 201)) => {
  const calls = stubFetch((call) => (call.path === '/api/v2/key_value/' ? answer() : undefined));
  const onLaunch = vi.fn<(link: string) => void>();
  const onCopy = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
  renderWithQueries(<FolderHelperButtons folderPath={path} onLaunch={onLaunch} onCopy={onCopy} />);
  return { calls, onLaunch, onCopy };
};

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('FolderHelperButtons', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    restoreCopyStubs();
  });

  it.each([
    ['Open Case Folder', folderHelperTexts.cannotOpenFolder],
    ['Copy Path', folderHelperTexts.cannotCopyPath],
    ['Start Auto MA', folderHelperTexts.cannotStartAutoMa],
  ])('%s without a folder path alerts "%s" and launches nothing', async (button, text) => {
    const { calls, onLaunch, onCopy } = renderButtons(null);
    click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(text).toMatch(/^Cannot .* for this case\.$/);
    expect(onLaunch).not.toHaveBeenCalled();
    expect(onCopy).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('install-popup')).toBeNull();
  });

  it('opens the folder through the explorer link with the base64url path, then shows the install popup', async () => {
    const { onLaunch } = renderButtons(folderPath);
    click('Open Case Folder');
    expect(onLaunch).toHaveBeenCalledWith(`oephelper://explorer/${encodeHelperArgument(folderPath)}`);
    const popup = await screen.findByTestId('install-popup');
    expect(popup.textContent).toContain(
      "If you haven't got the OEP Helper installed, please download and install.",
    );
    expect(screen.getByRole('link', { name: 'Download Now' }).getAttribute('href')).toBe(
      oepHelperDownloadUrl,
    );
  });

  it('closes the install popup after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderButtons(folderPath);
    click('Open Case Folder');
    expect(screen.getByTestId('install-popup')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(installPopupMs - 100);
    });
    expect(screen.getByTestId('install-popup')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(screen.queryByTestId('install-popup')).toBeNull());
  });

  it('copies the path', async () => {
    const { onCopy, onLaunch } = renderButtons(folderPath);
    click('Copy Path');
    expect(onCopy).toHaveBeenCalledWith(folderPath);
    expect((await screen.findByRole('alert')).textContent).toContain('Path copied');
    expect(onLaunch).not.toHaveBeenCalled();
  });

  it('copies the path on a plain-HTTP page, where the Clipboard API is missing', async () => {
    stubFetch();
    const { copied } = stubPlainHttpPage();
    renderWithQueries(<FolderHelperButtons folderPath={folderPath} onLaunch={vi.fn()} />);
    click('Copy Path');
    expect(copied).toEqual([folderPath]);
    expect((await screen.findByRole('alert')).textContent).toContain(folderHelperTexts.pathCopied);
  });

  it('shows the path selected to copy by hand when the browser will not copy', async () => {
    const onCopy = vi.fn(() => Promise.reject(new Error('The browser did not copy the text')));
    stubFetch();
    renderWithQueries(<FolderHelperButtons folderPath={folderPath} onLaunch={vi.fn()} onCopy={onCopy} />);
    click('Copy Path');
    const dialog = await screen.findByRole('dialog', { name: 'Copy' });
    expect(within(dialog).getByRole('textbox', { name: 'Text to copy' })).toHaveProperty('value', folderPath);
    expect(dialog.textContent).toContain('Press Ctrl+C to copy, then close this box.');
    expect(screen.queryByText(folderHelperTexts.pathCopied)).toBeNull();
  });

  it('starts Auto MA: stores the instruction by key, then launches osteonLauncher with the key and path', async () => {
    const { calls, onLaunch } = renderButtons(folderPath);
    click('Start Auto MA');
    await waitFor(() => expect(onLaunch).toHaveBeenCalled());
    expect(calls).toEqual([
      { method: 'POST', path: '/api/v2/key_value/', body: { value: `AUTO_MA;${folderPath}` } },
    ]);
    expect(onLaunch).toHaveBeenCalledWith(
      `oephelper://osteonLauncher/${encodeHelperArgument(folderPath)}?key=key-1`,
    );
    expect(await screen.findByTestId('install-popup')).toBeTruthy();
  });

  it('says so when the key cannot be stored', async () => {
    const { onLaunch } = renderButtons(folderPath, () =>
      json({ error: { code: 'internal', message: 'Something went wrong' } }, 500),
    );
    click('Start Auto MA');
    expect((await screen.findByRole('alert')).textContent).toContain(folderHelperTexts.autoMaFailed);
    expect(onLaunch).not.toHaveBeenCalled();
  });
});
