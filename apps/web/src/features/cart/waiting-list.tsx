import type { DataOf } from "@market/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { call, callWithMessage, keyOf } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { productPath } from "../../lib/product-path.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { handOffNear, useFocusHandOff } from "../../ui/focus-return.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { ProductThumb } from "./product-thumb.tsx";
import { VariantNames } from "./variant-names.tsx";

type Wait = DataOf<"GET /stock-alerts">["items"][number];

/**
 * The sold-out sizes and colours the shopper waits for ("Tell me when it is back" on a product
 * page), each with a way to stop waiting. Nothing when there are none.
 */
export function WaitingList() {
  const { t, i18n } = useTranslation();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const { data } = useQuery({
    queryKey: [...keyOf("GET /stock-alerts"), userId, i18n.language],
    queryFn: ({ signal }) => call("GET /stock-alerts", {}, { signal }),
    enabled: userId !== null,
  });
  if (!data?.items.length) return null;
  return (
    <section aria-labelledby="waiting-title" className="mt-8 flex flex-col gap-3">
      <div>
        <h2 id="waiting-title" className="text-lg font-semibold text-slate-900">
          {t("account.waiting_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("account.waiting_text")}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {data.items.map((w) => (
          <WaitingItem key={`${w.product.id}-${w.size?.id ?? 0}-${w.color?.id ?? 0}`} wait={w} />
        ))}
      </ul>
    </section>
  );
}

function WaitingItem({ wait }: { wait: Wait }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const item = useFocusHandOff<HTMLLIElement>(handOffNear);
  const { product } = wait;
  const stop = useMutation({
    mutationFn: () =>
      callWithMessage("POST /stock-alerts/:id/delete", {
        params: { id: product.id },
        body: { size: wait.size?.id ?? null, color: wait.color?.id ?? null },
      }),
    onSuccess: async (res) => {
      toast.success(res.message, SUCCESS_TOAST);
      await Promise.all(
        [keyOf("GET /stock-alerts"), keyOf("GET /stock-alerts/:id")].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (e) => showApiError(e),
  });
  return (
    <li
      ref={item}
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-3 sm:flex-nowrap"
      data-testid="waiting-item"
    >
      <ProductThumb product={product} size={64} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={productPath(product)} className="line-clamp-2 font-medium text-slate-900 hover:text-primary-700">
          {product.name}
        </Link>
        <p className="name-line truncate text-xs text-slate-500">{product.shop.name}</p>
        <VariantNames size={wait.size} color={wait.color} />
      </div>
      <button
        type="button"
        aria-disabled={stop.isPending}
        onClick={() => !stop.isPending && stop.mutate()}
        aria-label={t("account.waiting_stop", { name: product.name })}
        className="inline-flex h-10 w-full items-center justify-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-disabled:opacity-60 sm:w-auto"
      >
        {t("catalog.notify_me_off")}
      </button>
    </li>
  );
}
