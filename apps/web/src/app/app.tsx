import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router";
import { AuthDialogsMount } from "../features/auth/auth-dialogs-mount.tsx";
import { i18n } from "../features/i18n/i18n.ts";
import { useLocale } from "../features/i18n/use-locale.ts";
import { useTheme } from "../features/settings/theme.ts";
import { useCurrencySync } from "../features/settings/use-currency.ts";
import { queryClient } from "./query-client.ts";
import { createRouter } from "./router.tsx";

// sonner loads beside the first page instead of in the initial bundle.
const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })));

function Shell() {
  const [router] = useState(createRouter);
  const { direction } = useLocale();
  useTheme();
  useCurrencySync();
  return (
    <>
      <RouterProvider router={router} />
      <AuthDialogsMount />
      <Suspense>
        <Toaster direction={direction} />
      </Suspense>
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Shell />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
