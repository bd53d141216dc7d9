import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router";
import { AuthDialogsMount } from "../features/auth/auth-dialogs-mount.tsx";
import { ChatRuntime } from "../features/chat/chat-runtime.tsx";
import { i18n } from "../features/i18n/i18n.ts";
import { useLocale } from "../features/i18n/use-locale.ts";
import { useTheme } from "../features/settings/theme.ts";
import { useCurrencySync } from "../features/settings/use-currency.ts";
import { queryClient } from "./query-client.ts";
import type { createRouter } from "./router.tsx";

// sonner loads beside the first page instead of in the initial bundle.
const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })));

type AppRouter = ReturnType<typeof createRouter>;

function Shell({ router }: { router: AppRouter }) {
  const { direction } = useLocale();
  useTheme();
  useCurrencySync();
  return (
    <>
      <RouterProvider router={router} />
      <AuthDialogsMount />
      <ChatRuntime />
      <Suspense>
        <Toaster direction={direction} />
      </Suspense>
    </>
  );
}

/** `router`: created by main.tsx before the first render, so it can load the page's route modules meanwhile. */
export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Shell router={router} />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
