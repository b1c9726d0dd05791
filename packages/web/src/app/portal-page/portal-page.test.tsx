import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aPortalApproval,
  aPortalCollection,
  collectionPath,
  portalKey,
} from '../../features/portal/testing/portal-fixture';
import { fileResponse, json, stubFetch, type ApiCall } from '../../testing/fetch-stub';
import { renderWithQueries } from '../../testing/render-with-queries';
import { LazyFileViewerDialog } from '../../features/files/components/lazy-file-viewer-dialog';
import { PortalPage } from './portal-page';

// The page as the client opens it from the e-mail: the key from the address, files through the portal's
// one-time file links, each link fetched once.

let calls: ApiCall[];

beforeEach(() => {
  let objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/${(objectUrls += 1)}`);
  URL.revokeObjectURL = vi.fn();
  window.history.replaceState(null, '', `/static/v2/portal.html?key=${portalKey}`);
  const collection = aPortalCollection({
    approvals: [
      aPortalApproval({
        approval_files: [
          { id: 7, filename: 'crown.png' },
          { id: 8, filename: 'crown.stl' },
        ],
      }),
    ],
  });
  calls = stubFetch((call) => {
    if (call.path === collectionPath) return json(collection);
    const file = /\/file\/approval_file\/(\d+)\/$/.exec(call.path);
    if (file) return json({ url: `/files/download/once-${file[1]}-${calls.length}`, file_name: 'x' });
    if (call.path.startsWith('/files/download/')) return fileResponse('bytes', 'image/png');
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalPage', () => {
  // The file viewer is a lazy chunk: load it once up front, as a first opening does.
  beforeAll(async () => {
    await LazyFileViewerDialog.prefetch();
  }, 60_000);

  it('shows approval files through fresh one-time links and opens them in the viewer', async () => {
    renderWithQueries(<PortalPage />);
    const thumbnail = await screen.findByRole('img', { name: 'crown.png' });
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:/);
    const paths = () => calls.map((call) => call.path);
    expect(paths()).toContain(`/api/v2/customer/${portalKey}/file/approval_file/7/`);
    // The model is fetched only when opened.
    expect(paths()).not.toContain(`/api/v2/customer/${portalKey}/file/approval_file/8/`);

    fireEvent.click(screen.getByRole('button', { name: 'Open crown.png' }));
    const viewer = await screen.findByRole('dialog', { name: 'crown.png' });
    await within(viewer).findByRole('img', { name: 'crown.png' });
    // The viewer asked for a link of its own: two links for the image, each downloaded once.
    const downloads = paths().filter((path) => path.startsWith('/files/download/once-7-'));
    expect(downloads).toHaveLength(2);
    expect(new Set(downloads).size).toBe(2);
    // No sign-in, no token: the key is the credential.
    expect(paths().some((path) => path.startsWith('/oauth2') || path === '/conf')).toBe(false);
    await waitFor(() => expect(within(viewer).queryByRole('button', { name: 'Edit' })).toBeNull());
  });
});
