/**
 * Hands a custom-protocol link to the operating system, which starts the OEP Helper: the page stays where
 * it is, and on a machine without the helper nothing happens (hence the install popup beside it).
 */
export const launchHelperLink = (link: string): void => {
  const anchor = document.createElement('a');
  anchor.href = link;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
};
