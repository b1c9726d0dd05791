import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreCopyStubs, stubPlainHttpPage } from '../../../testing/copy-stubs';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { PortalLinkCard } from './portal-link-card';

describe('PortalLinkCard', () => {
  afterEach(() => {
    cleanup();
    restoreCopyStubs();
  });

  it('copies the portal link on a plain-HTTP page (no Clipboard API) and shows Copied', async () => {
    const { copied } = stubPlainHttpPage();
    renderWithQueries(<PortalLinkCard collectionUid="c-1" portalKey="pk 9/3" canRegenerate={false} />);
    const shown = screen.getByRole('link', { name: /pk%209%2F3$/ }).getAttribute('href');
    const button = screen.getByRole('button', { name: 'Copy portal link' });
    fireEvent.click(button);
    expect(copied).toEqual([shown]);
    expect(copied[0]).toMatch(/^http:\/\/.+\?key=pk%209%2F3$/);
    await waitFor(() => expect(within(button).getByTestId('CheckIcon')).toBeTruthy());
    fireEvent.mouseOver(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copied');
  });

  it('shows the portal link to copy by hand when the browser will not copy', async () => {
    stubPlainHttpPage({ canCopy: false });
    renderWithQueries(<PortalLinkCard collectionUid="c-1" portalKey="pk1" canRegenerate={false} />);
    const shown = screen.getByRole('link', { name: /pk1$/ }).getAttribute('href');
    fireEvent.click(screen.getByRole('button', { name: 'Copy portal link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy' });
    expect(within(dialog).getByRole('textbox', { name: 'Text to copy' })).toHaveProperty('value', shown);
  });
});
