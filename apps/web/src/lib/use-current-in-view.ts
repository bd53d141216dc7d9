import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A row that scrolls sideways on a phone (the account's, the Seller Centre's and the admin's menus,
 * the order status tabs, a category's chips): its current item (`selector`: the current page's link, or the pressed
 * tab) is brought to the row's middle whenever the page or its query changes, so the row shows
 * where the page is and that there is more on either side. Only the row scrolls, never the page; a
 * row that fits (a wide screen) does not move. `also`: anything else that moves or adds items
 * (links that arrive with a role, counts that arrive).
 */
export function useCurrentInView<T extends HTMLElement>(also?: unknown, selector = '[aria-current="page"]') {
  const row = useRef<T>(null);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or query moves the current item
  useLayoutEffect(() => {
    const el = row.current;
    const current = el?.querySelector<HTMLElement>(selector);
    if (!el || !current || el.scrollWidth <= el.clientWidth) return;
    const [r, c] = [el.getBoundingClientRect(), current.getBoundingClientRect()];
    el.scrollBy({ left: c.left + c.width / 2 - (r.left + r.width / 2) });
  }, [pathname, search, selector, also]);
  return row;
}
