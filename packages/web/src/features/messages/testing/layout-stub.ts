/** jsdom lays nothing out: give the pane and its rows a size so the virtualiser renders rows. */
export const stubLayout = () => {
  const sizes = {
    clientHeight: 600,
    clientWidth: 800,
    offsetHeight: 80,
    offsetWidth: 800,
    scrollHeight: 4000,
  };
  const originals = Object.keys(sizes).map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
  return () => {
    for (const [name, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  };
};
