import { lazy, Suspense, useState } from "react";
import { useUiStore } from "./ui-store.ts";

// The dialogs (forms, code boxes) load the first time one opens, not with the first page.
const AuthDialogs = lazy(() => import("./auth-dialogs.tsx").then((m) => ({ default: m.AuthDialogs })));

/** Renders the auth dialogs app-wide once any of them has been asked for. */
export function AuthDialogsMount() {
  const asked = useUiStore((s) => s.authDialog !== null);
  const [loaded, setLoaded] = useState(false);
  if (asked && !loaded) setLoaded(true);
  if (!loaded && !asked) return null;
  return (
    <Suspense>
      <AuthDialogs />
    </Suspense>
  );
}
