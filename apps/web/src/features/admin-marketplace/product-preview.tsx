import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/dialog.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { isolated } from "../i18n/index.ts";
import { Price } from "../settings/index.ts";
import { useAdminProduct } from "./api.ts";

/** A product as its seller saved it, whatever its state: what a moderator reads before deciding. */
export function ProductPreview({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: p, isError, refetch } = useAdminProduct(id);
  const title = p?.id === id ? p.name : t("admin_marketplace.preview");
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      closeLabel={t("common.close")}
      className="sm:max-w-2xl"
    >
      {isError ? (
        <LoadError onReload={refetch} />
      ) : !p || p.id !== id ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : (
        <div className="space-y-4 text-sm text-slate-700" data-testid="product-preview">
          <p>
            {[
              isolated(p.shop.name),
              p.sub_category ? `${isolated(p.category)} › ${isolated(p.sub_category)}` : isolated(p.category),
              p.brand && isolated(p.brand),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <p className="flex items-baseline gap-2">
            <Price
              amount={p.discount_price > 0 ? p.discount_price : p.price}
              className="text-lg font-semibold text-slate-900"
            />
            {p.discount_price > 0 && <Price amount={p.price} className="text-slate-500 line-through" />}
          </p>
          <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t("admin_marketplace.photos")}>
            {p.images.map((src) => (
              <li key={src} className="shrink-0">
                <img src={src} alt="" className="size-24 rounded-xl border border-slate-100 object-cover" />
              </li>
            ))}
          </ul>
          {p.short_description && <p className="font-medium text-slate-800">{p.short_description}</p>}
          {p.description ? (
            <div
              className="rich-text rounded-xl border border-slate-200 p-3"
              // The server sanitises product HTML before it stores or sends it.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML
              dangerouslySetInnerHTML={{ __html: p.description }}
            />
          ) : (
            <p className="text-slate-500">{t("admin_marketplace.no_description")}</p>
          )}
          <table className="w-full text-start">
            <caption className="mb-1 text-start font-semibold text-slate-900">
              {t("admin_marketplace.variants")}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-500">
                <th className="py-1 text-start font-medium">{t("admin_marketplace.variant_size")}</th>
                <th className="py-1 text-start font-medium">{t("admin_marketplace.variant_color")}</th>
                <th className="py-1 text-end font-medium">{t("admin_marketplace.variant_stock")}</th>
                <th className="py-1 ps-4 text-end font-medium">{t("admin_marketplace.variant_sku")}</th>
              </tr>
            </thead>
            <tbody>
              {p.variants.map((v) => (
                <tr key={`${v.size}-${v.color}-${v.sku}`} className="border-b border-slate-100">
                  <td className="py-1">{v.size ?? "—"}</td>
                  <td className="py-1">{v.color ?? "—"}</td>
                  <td className="py-1 text-end">{v.stock}</td>
                  <td className="py-1 ps-4 text-end break-all">{v.sku ? <bdi>{v.sku}</bdi> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
