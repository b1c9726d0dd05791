// Debian's Chromium with the flags this machine needs (architecture.md §1): never a downloaded browser;
// without the background-networking flags Chromium keeps calling hosts the closed network refuses.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
