import { TOAST_CART_MS } from "@market/contract";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { toast } from "../../ui/toast.ts";

/** Forgets the signed-in user in this browser: the session, and every answer that was theirs. */
export function forgetSession(queryClient: QueryClient) {
  useAuthStore.getState().clear();
  queryClient.removeQueries({ queryKey: queryScopes.account });
  // Cart, favourites and the products' favourite flags belonged to the user who left.
  void queryClient.invalidateQueries();
}

/** 'Log Out' confirmation; Yes ends the session even when the server call fails (spec section 4). */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logOut = () => {
    // The token is read as the call starts, so clearing right after still ends the server session.
    call("GET /logout", {}).catch(() => undefined);
    forgetSession(queryClient);
    onOpenChange(false);
    toast.success(t("common.logout_successfully"), { duration: TOAST_CART_MS });
    navigate("/");
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("common.log_out")}
      description={t("common.logout_confirmation")}
    >
      <div className="mt-6 flex justify-end gap-3">
        <Button type="button" onClick={() => onOpenChange(false)} variant="outline" size="sm" weight="medium">
          {t("common.cancel")}
        </Button>
        <Button type="button" onClick={logOut} size="sm-wide" weight="medium">
          {t("common.yes")}
        </Button>
      </div>
    </Dialog>
  );
}
