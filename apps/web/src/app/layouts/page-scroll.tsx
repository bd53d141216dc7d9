import { useLayoutEffect } from "react";
import { ScrollRestoration } from "react-router";

// React Router's scroll restoration sends its first render to the top of the page (the router
// starts without a saved position for a page it did not render itself). A server-rendered page
// may have been scrolled before the app ran, or put back by the browser on a reload: that
// position is kept. Later renders (a navigation, going back) are the router's alone.

let first = true;
let firstY = 0;

/** Notes where the first render found the page, before the router's restoration moves it. */
function Before() {
  useLayoutEffect(() => {
    if (first) firstY = window.scrollY;
  }, []);
  return null;
}

/** Puts the page back where the first render found it (siblings' layout effects run in order, before any paint). */
function After() {
  useLayoutEffect(() => {
    if (!first) return;
    if (firstY > 0) window.scrollTo(0, firstY);
    // StrictMode runs these effects twice in one commit: the first render ends with the frame.
    requestAnimationFrame(() => {
      first = false;
    });
  }, []);
  return null;
}

/** The router's scroll restoration, keeping a server-rendered page where the shopper scrolled it. */
export function PageScroll() {
  return (
    <>
      <Before />
      <ScrollRestoration />
      <After />
    </>
  );
}
