import { useLayoutEffect, useRef } from "react";

const FOCUSABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]), input:not([disabled]), select, textarea';

/**
 * Where a control sat: its list item's place among the items of its kind (its `data-testid`, or
 * its list) in the dialog or page around it.
 */
export type Place = { items: () => Element[]; index: number; scope: Element | null };

export function placeOf(el: Element): Place {
  const scope = el.closest('[role="dialog"]') ?? el.closest("main");
  const item = el.closest("li");
  const kind = item?.getAttribute("data-testid");
  const list = item?.parentElement;
  const items = (): Element[] =>
    kind && scope ? [...scope.querySelectorAll(`[data-testid="${CSS.escape(kind)}"]`)] : list ? [...list.children] : [];
  return { items, index: item ? items().indexOf(item) : -1, scope };
}

/**
 * After the control at `place` went away with its list item (a removed cart line or address), the
 * keyboard goes on from the item now in its place, or the one before it (a cart's next line may be
 * another shop's); with none left, from the heading of its dialog or page. Without this the focus
 * falls back to <body>.
 */
export function focusNear(place: Place): void {
  const scope = place.scope?.isConnected ? place.scope : document.querySelector("main");
  const items = place.scope?.isConnected ? place.items() : [];
  const item = place.index < 0 ? undefined : items[Math.min(place.index, items.length - 1)];
  const target = item?.querySelector<HTMLElement>(FOCUSABLE) ?? scope?.querySelector<HTMLElement>("h1, h2");
  if (!target) return;
  if (!target.matches(FOCUSABLE)) target.tabIndex = -1;
  target.focus();
}

/**
 * The keyboard's place on the page a dialog's action leads to (the cart's "Proceed to Checkout"):
 * called as the action starts, it answers what puts the focus on the next page's main heading once
 * that page shows (tried each frame for about two seconds).
 */
export function nextPageHeadingFocus(): () => void {
  const from = { path: location.pathname, heading: document.querySelector("main h1") };
  const attempt = (frames: number) => {
    const heading = document.querySelector<HTMLElement>("main h1");
    if (location.pathname === from.path || !heading || heading === from.heading) {
      if (frames > 0) requestAnimationFrame(() => attempt(frames - 1));
      return;
    }
    heading.tabIndex = -1;
    heading.focus();
  };
  return () => attempt(120);
}

/** A hand-off (`useFocusHandOff`) to the list item that takes the place of the element's own. */
export function handOffNear(el: Element): () => void {
  const place = placeOf(el);
  return () => focusNear(place);
}

/**
 * A ref for an element that may leave the page while it has the keyboard focus (a cart line, a
 * button its own action replaces): then, if `when()` says so, the focus goes where `handOff` points
 * once the page has settled. `handOff` runs while the element is still in the page and answers what
 * to do a frame later.
 */
export function useFocusHandOff<T extends HTMLElement>(
  handOff: (el: T) => () => void,
  when: () => boolean = () => true,
) {
  const ref = useRef<T>(null);
  const latest = useRef({ handOff, when });
  latest.current = { handOff, when };
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (!el?.contains(document.activeElement) || !latest.current.when()) return;
      requestAnimationFrame(latest.current.handOff(el));
    };
  }, []);
  return ref;
}

/**
 * A Radix dialog's focus handlers: focus goes back to what opened it (Radix does that only for its
 * own trigger), or near it if the dialog's action removed it, and starts on a `data-autofocus`
 * element inside, if any: React's autoFocus would move it before the opener is recorded (and Radix
 * then skips this altogether).
 */
type Opener = { el: HTMLElement; place: Place };
/** The last control that opened a dialog, for a dialog that replaces another (Login -> Sign Up). */
let lastOpener: Opener | null = null;

export function useFocusReturn() {
  const opener = useRef<Opener | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const el = document.activeElement;
      // Nothing has the focus when a dialog opens in place of one that just went away: it returns
      // to what opened the first.
      if (el instanceof HTMLElement && el !== document.body) {
        opener.current = { el, place: placeOf(el) };
        lastOpener = opener.current;
      } else {
        opener.current = lastOpener;
      }
      const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-autofocus]");
      if (first) {
        event.preventDefault();
        first.focus();
      }
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current) return;
      event.preventDefault();
      if (opener.current.el.isConnected) opener.current.el.focus();
      else focusNear(opener.current.place);
    },
  };
}
