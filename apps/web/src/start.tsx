import { formatPrice } from "@market/contract";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { queryClient } from "./app/query-client.ts";
import { createRouter, whenReady } from "./app/router.tsx";
import { hydratingFirstPage } from "./features/catalog/index.ts";
import { bootLocale, i18n } from "./features/i18n/index.ts";
import { useCurrencyStore } from "./features/settings/index.ts";
import { useAuthStore } from "./lib/auth-store.ts";
import { bootLocaleOf, setBootCookie } from "./lib/boot-data.ts";

// The server inlines catalogue answers only for visitors (apps/server/src/modules/seo/boot.ts).
const syncSignedIn = (token: string | null) => setBootCookie("signed_in", token ? "1" : null);
syncSignedIn(useAuthStore.getState().token);
useAuthStore.subscribe((s, prev) => {
  if (Boolean(s.token) !== Boolean(prev.token)) syncSignedIn(s.token);
});

const chosenCurrency = ({ selected, defaultName }: { selected: string | null; defaultName: string | null }) =>
  selected && selected !== defaultName ? selected : null;
const syncCurrency = (s: Parameters<typeof chosenCurrency>[0]) => setBootCookie("currency", chosenCurrency(s));
syncCurrency(useCurrencyStore.getState());
useCurrencyStore.subscribe(syncCurrency);

/** Ends the current task, so the browser can paint or take input before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start() {
  // The scripts' evaluation, the router's start and the messages' load each take a task of their own:
  // on a phone one task of all three holds input back for ~150 ms, three shorter ones do not.
  await nextTask();
  // The router starts now, loading the page's route modules while settings and messages load, so the
  // first render shows the page itself (not an empty frame first).
  const router = createRouter();
  await nextTask();
  await Promise.allSettled([bootLocale(queryClient), whenReady(router)]);
  // The page's first price loads the locale's number data (~50 ms on a phone): done here, in a task
  // of its own, it does not lengthen the render's (the benchmark's TBT; issue 18).
  formatPrice(0, { symbol: "", position: "prefix" }, i18n.language);
  await nextTask();
  const container = document.getElementById("root") as HTMLElement;
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} i18n={i18n} />
    </StrictMode>
  );
  // As a transition React renders (or hydrates) the first page in slices that leave the main thread
  // free in between, instead of one long task (a phone takes a few hundred ms to build a catalogue page).
  // The server renders catalogue pages for visitors in the default currency (entry-server.tsx); that
  // markup is hydrated when this first render is the same page: same locale, visitor, currency.
  const sameRender =
    i18n.language === bootLocaleOf() && !useAuthStore.getState().token && !chosenCurrency(useCurrencyStore.getState());
  if (container.hasChildNodes() && sameRender) {
    hydratingFirstPage();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  container.replaceChildren();
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
