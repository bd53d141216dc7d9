import { Navigate } from "react-router";
import type { SignInTo } from "../../features/auth/index.ts";

/**
 * `/login`, as people type or bookmark it: sign-in is a dialog over the page, so this is the home
 * page with it open (straight home when signed in already).
 */
export function Component() {
  return <Navigate to="/" replace state={{ signInTo: "/" } satisfies SignInTo} />;
}
