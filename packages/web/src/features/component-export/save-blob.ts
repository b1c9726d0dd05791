/** Saves bytes the page already holds as a download with the given name. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // The download has its own copy once started; give the browser a moment before the bytes go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
