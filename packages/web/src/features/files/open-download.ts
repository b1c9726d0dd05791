/**
 * Opens a one-time download address once. The server answers it with Content-Disposition: attachment,
 * so the browser saves the file and the page stays.
 */
export const openDownload = (url: string): void => {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener noreferrer';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
};
