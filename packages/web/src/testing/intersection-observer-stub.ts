import { vi } from 'vitest';

// IntersectionObserver is not in jsdom: this one lets the test say what came into view. Stubbed as a
// global, so the test's afterEach takes it away with vi.unstubAllGlobals().

export type IntersectionStub = {
  /** The elements watched now. */
  observed: ReadonlySet<Element>;
  /** These elements came into view; those not watched are left out, as a real observer would. */
  intersect: (elements: Element[]) => void;
};

type Entry = { target: Element; isIntersecting: boolean };

export const stubIntersectionObserver = (): IntersectionStub => {
  const observed = new Set<Element>();
  let report: (entries: Entry[]) => void = () => undefined;
  class FakeIntersectionObserver {
    constructor(callback: (entries: Entry[]) => void) {
      report = callback;
    }
    observe = (element: Element) => observed.add(element);
    unobserve = (element: Element) => observed.delete(element);
    disconnect = () => observed.clear();
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    observed,
    intersect: (elements) =>
      report(
        elements
          .filter((element) => observed.has(element))
          .map((target) => ({ target, isIntersecting: true })),
      ),
  };
};
