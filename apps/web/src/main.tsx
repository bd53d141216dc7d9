import "./index.css";

// A page the server rendered (entry-server.tsx) paints before the app's JavaScript runs. Its scripts
// (`data-preload` of #root) are fetched and the app started once the browser has shown that first
// paint, so neither their download nor their evaluation holds the paint back. A page without the
// server's render starts at once (the head preloads its scripts).
// React's own evaluation gets a task before the app's: as one they hold a phone's main thread ~80 ms.
const start = () =>
  import("react-dom/client")
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => import("./start.tsx"))
    .catch(reloadOnce);
const root = document.getElementById("root");

/**
 * A script that did not load (a dropped connection; a release that replaced it since the page came)
 * would leave the page inert for good: the page is loaded again, at most once a minute.
 */
function reloadOnce() {
  const key = "scripts_reloaded_at";
  if (Date.now() - Number(sessionStorage.getItem(key)) < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  location.reload();
}

// Until the app runs the server's markup it has no handlers: a tap on a button would be lost, and a
// size or colour chip would show checked while the app priced (and added) the first one. Such taps
// are kept and made again, in order and a task apart, once the app responds (`<html data-ready>`,
// app/app.tsx). Of a group's chips only the last tap is kept: the one the page shows checked. A
// button of a form is left alone: the form submits without the app.
const taps: HTMLElement[] = [];
const keepTap = (event: Event) => {
  const target = (event.target as Element).closest?.("button, input[type=radio]");
  if (target instanceof HTMLInputElement) {
    const earlier = taps.findIndex((tap) => tap instanceof HTMLInputElement && tap.name === target.name);
    if (earlier >= 0) taps.splice(earlier, 1);
  } else if (!(target instanceof HTMLButtonElement) || target.form) return;
  if (taps.length < 20) taps.push(target);
};
const replayTaps = () => {
  const tap = taps.shift();
  if (!tap) return;
  if (tap.isConnected) {
    // A chip tapped early is checked already, and React hears of a chip only when one changes.
    if (tap instanceof HTMLInputElement) tap.checked = false;
    tap.click();
  }
  setTimeout(replayTaps);
};
// Text typed before the app runs stays in its box, but React, hydrating, keeps the value it drew (a
// search would look for ""): each such box is told of its text as if typed now. React notices a
// change against the value it last saw, so that is set to "" first, the text then bypassing it.
// (Chips and boxes are taps, above; a chosen file cannot be set by a script.)
const typed = new Set<HTMLInputElement | HTMLTextAreaElement>();
const keepTyping = (event: Event) => {
  const box = event.target;
  if (
    box instanceof HTMLTextAreaElement ||
    (box instanceof HTMLInputElement && !/^(radio|checkbox|file)$/.test(box.type))
  )
    typed.add(box);
};
const replayTyping = () => {
  for (const box of typed) {
    if (!box.isConnected) continue;
    const text = box.value;
    box.value = "";
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), "value")?.set?.call(box, text);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }
};
document.addEventListener("click", keepTap, true);
document.addEventListener("input", keepTyping, true);
new MutationObserver((_, observer) => {
  if (!("ready" in document.documentElement.dataset)) return;
  observer.disconnect();
  document.removeEventListener("click", keepTap, true);
  document.removeEventListener("input", keepTyping, true);
  replayTyping();
  replayTaps();
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });

if (root?.hasChildNodes()) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const href of root.dataset.preload?.split(" ").filter(Boolean) ?? []) {
      const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href, crossOrigin: "" });
      document.head.append(link);
    }
    setTimeout(start);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length) startOnce();
  });
  observer.observe({ type: "paint", buffered: true });
  // a tab opened in the background paints only when shown
  setTimeout(startOnce, 2000);
} else start();
