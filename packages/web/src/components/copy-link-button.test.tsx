import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreCopyStubs, stubPlainHttpPage, stubSecurePage } from '../testing/copy-stubs';
import { CopyLinkButton } from './copy-link-button';

const link = 'http://labserver:8080/partner/9f2c41';

const renderButton = () => render(<CopyLinkButton link={link} label="Copy share link" />);
const copyButton = () => screen.getByRole('button', { name: 'Copy share link' });

const hoverTooltip = async () => {
  fireEvent.mouseOver(copyButton());
  return (await screen.findByRole('tooltip')).textContent;
};

describe('CopyLinkButton', () => {
  afterEach(() => {
    cleanup();
    restoreCopyStubs();
    vi.useRealTimers();
  });

  it('copies the link on a plain-HTTP page and shows Copied with a tick', async () => {
    const { copied } = stubPlainHttpPage();
    renderButton();
    fireEvent.click(copyButton());
    expect(copied).toEqual([link]);
    await waitFor(() => expect(within(copyButton()).getByTestId('CheckIcon')).toBeTruthy());
    expect(await hoverTooltip()).toBe('Copied');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('copies through the Clipboard API on a secure page', async () => {
    const { writeText } = stubSecurePage();
    renderButton();
    fireEvent.click(copyButton());
    await waitFor(() => expect(within(copyButton()).getByTestId('CheckIcon')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('turns back to Copy link after two seconds', async () => {
    vi.useFakeTimers();
    stubPlainHttpPage();
    renderButton();
    // Inside act, so the copied state and its timer are in place before the clock moves.
    await act(async () => {
      fireEvent.click(copyButton());
      await Promise.resolve();
    });
    expect(within(copyButton()).getByTestId('CheckIcon')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_900);
    });
    expect(within(copyButton()).getByTestId('CheckIcon')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(within(copyButton()).getByTestId('ContentCopyIcon')).toBeTruthy();
    vi.useRealTimers();
    expect(await hoverTooltip()).toBe('Copy link');
  });

  it('shows the link selected to copy by hand when the browser will not copy', async () => {
    stubPlainHttpPage({ canCopy: false });
    renderButton();
    fireEvent.click(copyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Copy' });
    const field = within(dialog).getByRole('textbox', { name: 'Text to copy' });
    if (!(field instanceof HTMLTextAreaElement)) throw new Error('Expected the text field to be a textarea');
    expect(field.value).toBe(link);
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, link.length]);
    expect(dialog.textContent).toContain('Press Ctrl+C to copy, then close this box.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(copyButton()).queryByTestId('CheckIcon')).toBeNull();
  });
});
