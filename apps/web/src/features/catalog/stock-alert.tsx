import type { ProductDetails } from "@market/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError, call, callWithMessage, keyOf } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useUiStore } from "../auth/index.ts";
import type { VariantChoice } from "./product-pricing.ts";

const alertsKey = (userId: number | null, productId: number) =>
  [...keyOf("GET /stock-alerts/:id", { params: { id: productId } }), userId] as const;

/**
 * Under a sold-out choice: "Tell me when it is back", or, once asked, that the bell will say so
 * with a way to stop waiting. A visitor who is not signed in is asked to sign in first.
 */
export function StockAlert({ product, choice }: { product: ProductDetails; choice: VariantChoice }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signedIn = useAuthStore((s) => Boolean(s.token));
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const key = alertsKey(userId, product.id);
  const params = { id: product.id };
  const body = { size: choice.sizeId || null, color: choice.colorId || null };
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call("GET /stock-alerts/:id", { params }, { signal }),
    enabled: signedIn,
  });
  const change = useMutation({
    mutationFn: (wait: boolean) =>
      callWithMessage(wait ? "POST /stock-alerts/:id" : "POST /stock-alerts/:id/delete", { params, body }),
    onSuccess: (res) => {
      queryClient.setQueryData(key, res.data);
      void queryClient.invalidateQueries({ queryKey: keyOf("GET /stock-alerts") });
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === "unauthenticated") useUiStore.getState().openLogin();
      showApiError(e);
    },
  });
  const waiting = data?.alerts.some((a) => a.size === body.size && a.color === body.color) ?? false;
  const press = (wait: boolean) => {
    if (!signedIn) return useUiStore.getState().openLogin();
    if (!change.isPending) change.mutate(wait);
  };
  return waiting ? (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="stock-alert">
      <span>{t("catalog.notify_me_on")}</span>
      <button
        type="button"
        aria-disabled={change.isPending}
        onClick={() => press(false)}
        className="font-semibold text-primary-700 underline-offset-2 hover:underline aria-disabled:opacity-60"
      >
        {t("catalog.notify_me_off")}
      </button>
    </p>
  ) : (
    <button
      type="button"
      aria-disabled={change.isPending}
      onClick={() => press(true)}
      data-testid="stock-alert"
      className="h-12 self-start rounded-xl border-2 border-primary-600 px-5 text-sm font-semibold text-primary-700 hover:bg-primary-50 aria-disabled:opacity-60"
    >
      {t("catalog.notify_me")}
    </button>
  );
}
