// A barcode scanner is a keyboard that types a whole code in a burst and ends it with Enter. A person
// types far slower than one key every `maxGapMs`, so a burst of at least `minLength` keys that fast, then
// Enter, is a scan; anything slower starts again.

export type ScanBurst = {
  /** Feeds one key; answers the scanned code when this key is the Enter that ends a scan. */
  push: (key: string, atMs: number) => string | null;
};

export const createScanBurst = ({ maxGapMs = 60, minLength = 5 } = {}): ScanBurst => {
  let typed = '';
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    push: (key, atMs) => {
      const isInBurst = atMs - lastAt <= maxGapMs;
      lastAt = atMs;
      if (key === 'Enter') {
        const code = isInBurst && typed.length >= minLength ? typed : null;
        typed = '';
        return code;
      }
      // Printable characters only: a modifier or an arrow ends any burst.
      if (key.length !== 1) {
        typed = '';
        return null;
      }
      typed = isInBurst ? typed + key : key;
      return null;
    },
  };
};
