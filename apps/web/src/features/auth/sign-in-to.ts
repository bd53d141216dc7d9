import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useUiStore } from "./ui-store.ts";

/** The history state of a page for signed-in users opened signed out: where to go once signed in. */
export type SignInTo = { signInTo: string };

/**
 * An account page opened signed out (a mail's "View the order" link, a bookmark) comes here with
 * `SignInTo`: the login opens, and signing in (or registering) goes on to that page; closing the
 * dialog stays here and forgets it.
 */
export function useSignInTo() {
  const location = useLocation();
  const navigate = useNavigate();
  const to = (location.state as Partial<SignInTo> | null)?.signInTo;
  const user = useAuthStore((s) => s.user);
  const dialog = useUiStore((s) => s.authDialog);
  const asked = useRef(false);
  useEffect(() => {
    if (!to) return;
    if (user) {
      navigate(to, { replace: true });
    } else if (!asked.current) {
      asked.current = true;
      useUiStore.getState().openLogin();
    } else if (dialog === null) {
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [to, user, dialog, navigate, location.pathname, location.search]);
}
