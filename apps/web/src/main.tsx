import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { setBootCookie } from "./app/boot-data.ts";
import { queryClient } from "./app/query-client.ts";
import { createRouter } from "./app/router.tsx";
import { useAuthStore } from "./features/auth/auth-store.ts";
import { bootLocale } from "./features/i18n/boot.ts";
import "./index.css";

// The server inlines catalogue answers only for visitors (apps/server/src/modules/seo/boot.ts).
const syncSignedIn = (token: string | null) => setBootCookie("signed_in", token ? "1" : null);
syncSignedIn(useAuthStore.getState().token);
useAuthStore.subscribe((s, prev) => {
  if (Boolean(s.token) !== Boolean(prev.token)) syncSignedIn(s.token);
});

// The router starts now, loading the page's route modules while settings and messages load, so the
// first render shows the page itself (not an empty frame first).
const router = createRouter();
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});

void Promise.all([bootLocale(queryClient), routerReady]).finally(() => {
  const root = createRoot(document.getElementById("root") as HTMLElement);
  // As a transition React renders the first page in slices that leave the main thread free in
  // between, instead of one long task (a phone takes a few hundred ms to build a catalogue page).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
});
