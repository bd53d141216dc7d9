import "./index.css";

// A page the server rendered (entry-server.tsx) paints before the app's JavaScript runs. Its scripts
// (`data-preload` of #root) are fetched and the app started once the browser has shown that first
// paint, so neither their download nor their evaluation holds the paint back. A page without the
// server's render starts at once (the head preloads its scripts).
// React's own evaluation gets a task before the app's: as one they hold a phone's main thread ~80 ms.
const start = () => void import("react-dom/client").then(() => setTimeout(() => void import("./start.tsx")));
const root = document.getElementById("root");

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
