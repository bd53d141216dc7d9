import { useEffect } from "react";
import type { createBrowserRouter } from "react-router";
import { headingFocusWhenLost } from "../ui/focus-return.ts";

/** On every move to another page, the focus lost on the way goes to its main heading (headingFocusWhenLost). */
export function usePageFocus(router: ReturnType<typeof createBrowserRouter>) {
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      headingFocusWhenLost();
    });
  }, [router]);
}
