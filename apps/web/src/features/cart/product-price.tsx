import { useTranslation } from "react-i18next";
import { Price } from "../settings/index.ts";

// The price a product is sold at as the cart charges it; the catalogue's cards and product page show
// it with these too (features/catalog imports them from the cart's entry).
type Priced = { price: number; discount_price: number; discount_percentage: number };

/** Spec 9: a line's price is its discount price when above 0, otherwise its price. */
function linePrice(p: Priced): number {
  return p.discount_price > 0 ? p.discount_price : p.price;
}

function hasDiscount(p: Priced): boolean {
  return p.discount_price > 0;
}

function showPercentageBadge(p: Priced): boolean {
  return p.discount_percentage > 0;
}

/** The line price, the struck-through regular price when discounted (spec 9). */
export function ProductPrice({ product, size = "sm" }: { product: Priced; size?: "sm" | "lg" }) {
  const { t } = useTranslation();
  const big = size === "lg";
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5" data-testid="product-price">
      {hasDiscount(product) && <span className="sr-only">{t("catalog.current_price")}</span>}
      <span
        data-price="line"
        className={big ? "text-3xl font-bold text-slate-900" : "text-base font-bold text-slate-900"}
      >
        <Price amount={linePrice(product)} />
      </span>
      {hasDiscount(product) && (
        <>
          <span className="sr-only">{t("catalog.regular_price")}</span>
          <del data-price="regular" className={big ? "text-lg text-slate-500" : "text-xs text-slate-500"}>
            <Price amount={product.price} />
          </del>
        </>
      )}
    </span>
  );
}

export function DiscountBadge({ percentage, className = "" }: { percentage: number; className?: string }) {
  const { t } = useTranslation();
  if (!showPercentageBadge({ price: 0, discount_price: 0, discount_percentage: percentage })) return null;
  return (
    <span
      className={`inline-flex items-center rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white ${className}`}
    >
      {t("catalog.percent_off", { value: Math.round(percentage) })}
    </span>
  );
}
