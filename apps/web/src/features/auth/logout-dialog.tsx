import { TOAST_CART_MS } from "@market/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { call } from "../../api/client.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { toast } from "../../ui/toast.ts";
import { useAuthStore } from "./auth-store.ts";

/** 'Log Out' confirmation; Yes ends the session even when the server call fails (spec section 4). */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logOut = () => {
    // The token is read as the call starts, so clearing right after still ends the server session.
    call("GET /logout", {}).catch(() => undefined);
    useAuthStore.getState().clear();
    queryClient.removeQueries({ queryKey: ["account"] });
    // Cart, favourites and the products' favourite flags belonged to the user who left.
    void queryClient.invalidateQueries();
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
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {t("common.cancel")}
        </button>
        <button
          type="button"
          onClick={logOut}
          className="rounded-lg bg-primary-600 px-5 py-2 text-sm font-medium text-white hover:bg-primary-700"
        >
          {t("common.yes")}
        </button>
      </div>
    </Dialog>
  );
}
