import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A menu that is one row scrolling sideways on a phone (the account's, the Seller Centre's, the
 * admin's): the current page's link is brought to the row's middle whenever the page changes, so
 * the menu shows where the page is and that there is more on either side. Only the row scrolls,
 * never the page; a row that fits (a wide screen) does not move. `linkCount`: links that arrive
 * later (the ones a role may open) move it again.
 */
export function useCurrentLinkInView<T extends HTMLElement>(linkCount = 0) {
  const row = useRef<T>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page moves aria-current
  useLayoutEffect(() => {
    const el = row.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !current || el.scrollWidth <= el.clientWidth) return;
    const [r, c] = [el.getBoundingClientRect(), current.getBoundingClientRect()];
    el.scrollBy({ left: c.left + c.width / 2 - (r.left + r.width / 2) });
  }, [pathname, linkCount]);
  return row;
}
