import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { createBrowserRouter } from "react-router";
import { setErrorTexts } from "../api/client.ts";
import { onSessionEnd } from "../lib/auth-store.ts";
import { queryScopes } from "../lib/query-scopes.ts";
import { followOtherTabs } from "../lib/session-sync.ts";
import { SESSION_TOAST, toast } from "../ui/toast.ts";

/** The seller and admin areas: a session that ends there shows the area's own sign-in form (StaffShell). */
const STAFF_AREA = /^\/(seller|admin)(\/|$)/;

/**
 * The one place that reacts to a session ending other than by the Log Out dialog (issue 21, items 7
 * and 8). Mounted once by the app shell.
 * - "expired" (the API answered 401 to the session's token, whichever call it was; api/client.ts ends
 *   it): one translated toast, the user's cached data dropped, and, as spec section 4 says, the shopper
 *   goes to `/`. In the staff areas (/seller, /admin) the page stays: StaffShell shows the area's
 *   sign-in form in place, so a seller or admin signs in again where they were instead of landing on
 *   the storefront.
 * - "other-tab" (another tab signed out, lib/session-sync.ts): the user's cached data dropped, no toast
 *   (this user asked for it, in the other tab); pages for signed-in users leave by themselves (the
 *   account layout goes to `/`, the staff areas show their sign-in form).
 * - "logout": the Log Out dialog clears the cache itself (features/auth/logout-dialog.tsx).
 */
export function useSessionEvents(router: ReturnType<typeof createBrowserRouter>) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    const text = () => i18n.t("common.session_ended");
    setErrorTexts({
      network: () => i18n.t("common.network_error"),
      sessionEnded: text,
      failed: () => i18n.t("common.server_failed"),
    });
    const dropUserData = () => {
      queryClient.removeQueries({ queryKey: queryScopes.account });
      // Cart, favourites and the products' favourite flags belonged to the user who left.
      void queryClient.invalidateQueries();
    };
    const stopEnd = onSessionEnd((reason) => {
      if (reason === "logout") return;
      dropUserData();
      if (reason !== "expired") return;
      // One id: a second session end before the toast is gone replaces it instead of stacking.
      toast.error(text(), SESSION_TOAST);
      if (!STAFF_AREA.test(router.state.location.pathname)) void router.navigate("/", { replace: true });
    });
    const stopTabs = followOtherTabs(() => void queryClient.invalidateQueries());
    return () => {
      stopEnd();
      stopTabs();
      setErrorTexts(null);
    };
  }, [queryClient, i18n, router]);
}
