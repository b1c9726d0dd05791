import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreCopyStubs, stubPlainHttpPage } from '../../../testing/copy-stubs';
import { ShareLinkRow } from './share-link-row';

describe('ShareLinkRow', () => {
  afterEach(() => {
    cleanup();
    restoreCopyStubs();
  });

  it('copies the share link on a plain-HTTP page (no Clipboard API) and shows Copied', async () => {
    const { copied } = stubPlainHttpPage();
    render(<ShareLinkRow outsourceKey="k7Qx2" />);
    const shown = screen.getByRole('link', { name: 'Share link' }).getAttribute('href');
    expect(shown).toMatch(/^http:\/\/.+k7Qx2/);
    const button = screen.getByRole('button', { name: 'Copy share link' });
    fireEvent.click(button);
    expect(copied).toEqual([shown]);
    await waitFor(() => expect(within(button).getByTestId('CheckIcon')).toBeTruthy());
    fireEvent.mouseOver(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copied');
  });
});
