import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// findBy* waits up to 5 s, not 1 s: a lazily loaded dialog can take longer on a busy CI machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no media queries: every query answers "no match" (a desktop-wide screen's layout).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Nor does it lay anything out: an IntersectionObserver that never reports a change.
if (!("IntersectionObserver" in window)) {
  class NoIntersections {
    readonly root = null;
    readonly rootMargin = "0px";
    readonly thresholds = [0];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: NoIntersections });
}
