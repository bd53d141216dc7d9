import { useLayoutEffect, useRef } from "react";

const FOCUSABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]), input:not([disabled]), select, textarea';

/** A list item's own controls, not those of a list inside it (a footer section's items), last first. */
const controlsOf = (item: Element) =>
  [...item.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea")]
    .filter((c) => c.closest("li") === item)
    .reverse();

/**
 * Where a control sat: its list item's place among the items of its kind (its `data-testid`, or
 * its list) in the dialog or page around it, and which of the item's controls it was (counted from
 * the item's end: a row's optional buttons come before its last ones).
 */
export type Place = { items: () => Element[]; index: number; scope: Element | null; control: number };

export function placeOf(el: Element): Place {
  const scope = el.closest('[role="dialog"]') ?? el.closest("main");
  const item = el.closest("li");
  const kind = item?.getAttribute("data-testid");
  const list = item?.parentElement;
  const items = (): Element[] =>
    kind && scope ? [...scope.querySelectorAll(`[data-testid="${CSS.escape(kind)}"]`)] : list ? [...list.children] : [];
  const control = item && el !== item ? controlsOf(item).indexOf(el as HTMLElement) : -1;
  return { items, index: item ? items().indexOf(item) : -1, scope, control };
}

/**
 * After the control at `place` went away with its list item (a removed cart line or address), the
 * keyboard goes on from the item now in its place, or the one before it (a cart's next line may be
 * another shop's): from the same control there (the next row's Delete), else its first; with none
 * left, from the heading of its dialog or page. Without this the focus falls back to <body>.
 */
export function focusNear(place: Place): void {
  const scope = place.scope?.isConnected ? place.scope : document.querySelector("main");
  const items = place.scope?.isConnected ? place.items() : [];
  const item = place.index < 0 ? undefined : items[Math.min(place.index, items.length - 1)];
  const same = item && place.control >= 0 ? controlsOf(item)[place.control] : undefined;
  const target =
    (same?.matches(FOCUSABLE) ? same : undefined) ??
    item?.querySelector<HTMLElement>(FOCUSABLE) ??
    scope?.querySelector<HTMLElement>("h1, h2");
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

let pageMoves = 0;

/**
 * After a move to another page, a keyboard or screen reader user goes on from its main heading
 * when the focus was lost on the way: the link left with the old page, or the dialog or menu that
 * led there closed. Otherwise the focus is on <body> and the next Tab starts from the top of the
 * page. Focus that is somewhere (a field the page put it in) stays. Called as the move starts; a
 * later move cancels it.
 */
export function headingFocusWhenLost(): void {
  const move = ++pageMoves;
  const old = document.querySelector("main h1");
  const oldText = old?.textContent;
  const attempt = (frames: number) => {
    if (move !== pageMoves) return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading || (heading === old && heading.textContent === oldText)) {
      if (frames > 0) requestAnimationFrame(() => attempt(frames - 1));
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  };
  requestAnimationFrame(() => attempt(120));
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
 * For the buttons that move a list item (up, down, to the front): the list's new order moves the
 * item's node, or disables the button at the list's end, and either drops the focus to <body>.
 * Called with the pressed button as the move starts, it puts the focus back once the item has
 * changed places (after the server answered, if it is asked): on that button, else on another of
 * the item's move buttons (`data-move`), else on the item.
 */
export function useFocusOnMove() {
  const moving = useRef<{ button: HTMLElement; item: HTMLElement; index: number } | null>(null);
  useLayoutEffect(() => {
    const m = moving.current;
    if (!m?.item.isConnected || indexOf(m.item) === m.index) return;
    moving.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active !== m.button) return;
    const moves = [m.button, ...m.item.querySelectorAll<HTMLElement>("[data-move]")];
    const target = moves.find((b) => m.item.contains(b) && b.matches(FOCUSABLE)) ?? m.item;
    if (target === m.item) m.item.tabIndex = -1;
    target.focus();
  });
  return (button: HTMLElement) => {
    const item = button.closest("li");
    moving.current = item ? { button, item, index: indexOf(item) } : null;
  };
}

const indexOf = (el: Element) => [...(el.parentElement?.children ?? [])].indexOf(el);

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
