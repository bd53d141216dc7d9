import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { lazy, Suspense, useEffect } from "react";
import { createPortal } from "react-dom";
import { I18nextProvider } from "react-i18next";
import type { createBrowserRouter } from "react-router";
// The DOM build: router updates may ask for flushSync (a product page's size and colour in its URL).
import { RouterProvider } from "react-router/dom";
import { AuthDialogsMount } from "../features/auth/index.ts";
import { ChatRuntime } from "../features/chat/index.ts";
import { useLocale } from "../features/i18n/index.ts";
import { useCurrencySync, useTheme } from "../features/settings/index.ts";
import { useToasterWanted } from "../ui/toast.ts";
import { OfflineNotice } from "./offline-notice.tsx";
import { usePageFocus } from "./page-focus.ts";
import { useSessionEvents } from "./session-events.ts";
import { useOtherTabsChoices } from "./tab-choices.ts";

// sonner loads with the first toast (ui/toast.ts).
const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })));

type AppRouter = ReturnType<typeof createBrowserRouter>;

function Shell({ router }: { router: AppRouter }) {
  const { direction } = useLocale();
  useTheme();
  useCurrencySync();
  useSessionEvents(router);
  useOtherTabsChoices();
  usePageFocus(router);
  const toasterWanted = useToasterWanted();
  useEffect(() => {
    // The page responds from now on (a server-rendered page is inert until then); tests wait for it.
    document.documentElement.dataset.ready = "";
  }, []);
  return (
    <>
      <RouterProvider router={router} />
      <OfflineNotice />
      <AuthDialogsMount />
      <ChatRuntime />
      {/* In <body> itself: a toaster that comes while a modal dialog is open is not hidden with the page. */}
      {toasterWanted &&
        createPortal(
          <Suspense>
            <Toaster direction={direction} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

/**
 * `router`: created before the first render, so the page's route modules load meanwhile (start.tsx in
 * the browser, entry-server.tsx for a server render, which renders the very same tree).
 */
export function App({ router, queryClient, i18n }: { router: AppRouter; queryClient: QueryClient; i18n: I18n }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Shell router={router} />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
