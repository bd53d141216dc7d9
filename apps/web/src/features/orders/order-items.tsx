import { type OrderProduct, srcSetOf } from "@market/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productPath } from "../../lib/product-path.ts";
import { Price } from "../settings/index.ts";

/** The ordered lines: thumbnail, name, size, colour and unit, quantity times the unit price paid. */
export function OrderItems({
  products,
  linkProducts = true,
  lineAction,
}: {
  products: OrderProduct[];
  linkProducts?: boolean;
  /** what a line offers beside its price (the shopper's "Write a review" on a delivered order) */
  lineAction?: ((line: OrderProduct) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-100">
      {products.map((p) => {
        const href = productPath({ id: p.product_id, slug: p.slug });
        const name = <span className="line-clamp-2 text-sm font-medium text-slate-900">{p.name}</span>;
        return (
          <li key={p.id} className="flex gap-3 py-3" data-testid="order-item">
            <img
              src={p.thumbnail}
              srcSet={srcSetOf(p.thumbnail)}
              sizes="64px"
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-lg border border-slate-100 object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-1">
              <div className="min-w-0">
                {linkProducts ? (
                  <Link to={href} className="hover:text-primary-700 hover:underline">
                    {name}
                  </Link>
                ) : (
                  name
                )}
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
                  {p.size && <span>{t("orders.size_is", { name: p.size.name })}</span>}
                  {p.color && (
                    <span className="inline-flex items-center gap-1">
                      <span
                        aria-hidden="true"
                        className="size-3 rounded-full border border-slate-300"
                        style={{ backgroundColor: p.color.color_code }}
                      />
                      {t("orders.color_is", { name: p.color.name })}
                    </span>
                  )}
                  {p.unit && <span>{t("orders.unit_is", { name: p.unit.name })}</span>}
                  {p.flash_sale && <span className="font-medium text-rose-700">{t("orders.flash_sale_price")}</span>}
                </p>
              </div>
              <div className="text-end text-sm">
                <p className="text-slate-500">
                  {p.order_qty} × <Price amount={p.price} />
                </p>
                <p className="font-semibold text-slate-900">
                  <Price amount={p.subtotal} />
                </p>
                {lineAction && <div className="mt-2">{lineAction(p)}</div>}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
