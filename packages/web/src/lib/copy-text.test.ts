import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreCopyStubs, stubPlainHttpPage, stubSecurePage } from '../testing/copy-stubs';
import { copyText } from './copy-text';

const link = 'http://labserver:8080/portal/abc123';

const focusedButton = (parent: Element = document.body) => {
  const button = document.createElement('button');
  parent.append(button);
  button.focus();
  return button;
};

describe('copyText', () => {
  afterEach(() => {
    restoreCopyStubs();
    document.body.replaceChildren();
  });

  it('uses the Clipboard API on a secure page', async () => {
    const { execCommand } = stubPlainHttpPage();
    const { writeText } = stubSecurePage();
    await copyText(link);
    expect(writeText).toHaveBeenCalledWith(link);
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('copies through a selected, read-only textarea on plain HTTP, at once, and leaves nothing behind', async () => {
    const { copied, execCommand } = stubPlainHttpPage();
    const button = focusedButton();
    const copying = copyText(link, button);
    // Still inside the click: browsers let execCommand copy only then.
    expect(execCommand).toHaveBeenCalledWith('copy');
    await copying;
    expect(copied).toEqual([link]);
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('puts the textarea beside the clicked element, so a modal keeps it focused', async () => {
    stubPlainHttpPage();
    const wrapper = document.createElement('div');
    document.body.append(wrapper);
    const button = focusedButton(wrapper);
    const places: (Element | null)[] = [];
    vi.mocked(document.execCommand).mockImplementation(() => {
      const textarea = document.activeElement as HTMLTextAreaElement;
      places.push(textarea.parentElement);
      expect(textarea.readOnly).toBe(true);
      return true;
    });
    await copyText(link, button);
    expect(places).toEqual([wrapper]);
  });

  it('falls back to the textarea when the Clipboard API refuses', async () => {
    const { copied } = stubPlainHttpPage();
    const writeText = vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    stubSecurePage(writeText);
    await copyText(link);
    expect(writeText).toHaveBeenCalledWith(link);
    expect(copied).toEqual([link]);
  });

  it('rejects when the browser will not copy either way', async () => {
    const { execCommand } = stubPlainHttpPage({ canCopy: false });
    await expect(copyText(link)).rejects.toThrow('The browser did not copy the text');
    execCommand.mockImplementation(() => {
      throw new Error('execCommand is not supported');
    });
    await expect(copyText(link)).rejects.toThrow('The browser did not copy the text');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
