import { useRef } from "react";

/**
 * A Radix dialog's focus handlers: focus goes back to what opened it (Radix does that only for its
 * own trigger), and starts on a `data-autofocus` element inside, if any: React's autoFocus would
 * move it before the opener is recorded (and Radix then skips this altogether).
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-autofocus]");
      if (first) {
        event.preventDefault();
        first.focus();
      }
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
