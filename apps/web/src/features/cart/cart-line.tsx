import { type CartProduct, type PriceSplit, srcSetOf } from "@market/contract";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productPath } from "../../lib/product-path.ts";
import { handOffNear, useFocusHandOff } from "../../ui/focus-return.ts";
import { TrashIcon } from "../../ui/icons.tsx";
import { useAmountText } from "../settings/index.ts";
import { DiscountBadge, ProductPrice } from "./product-price.tsx";
import { type LineChange, useCartLineChange } from "./queries.ts";
import { VariantNames } from "./variant-names.tsx";

const step =
  "inline-flex size-8 items-center justify-center text-lg leading-none text-slate-700 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

/**
 * One cart line (spec section 2): thumbnail, name, brand, price with the discount and its badge,
 * size and colour, quantity with plus and minus, and remove. Minus at 1 removes the line.
 */
export function CartLine({
  line,
  buyNow = false,
  onNavigate,
}: {
  line: CartProduct;
  buyNow?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const change = useCartLineChange({ buyNow });
  const busy = change.isPending;
  // A line removed from the keyboard hands the focus to the line now in its place (see focusNear).
  const removing = useRef(false);
  const item = useFocusHandOff<HTMLLIElement>(handOffNear, () => removing.current);
  // While a change runs the buttons are aria-disabled, not disabled: a disabled button drops the
  // keyboard focus to <body>, and pressing + again should stay on +.
  const run = (c: LineChange) => {
    if (busy) return;
    removing.current = c === "delete" || (c === "decrement" && line.quantity <= 1);
    change.mutate(
      { line, change: c },
      {
        onError: () => {
          removing.current = false;
        },
      },
    );
  };
  const atStock = line.quantity >= line.stock;
  const href = productPath({ id: line.product_id, slug: line.slug }, { size: line.size?.id, color: line.color?.id });
  return (
    <li ref={item} className="flex gap-3 py-3" data-testid="cart-line">
      {/* The name below is the line's link for keyboards and screen readers; the picture repeats it. */}
      <Link to={href} onClick={onNavigate} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={line.thumbnail}
          srcSet={srcSetOf(line.thumbnail)}
          sizes="72px"
          alt=""
          width={72}
          height={72}
          loading="lazy"
          className="size-18 rounded-lg border border-slate-100 object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <Link
              to={href}
              onClick={onNavigate}
              className="line-clamp-2 text-sm font-medium leading-5 text-slate-900 hover:text-primary-700"
            >
              {line.name}
            </Link>
            {line.brand && <p className="name-line truncate text-xs text-slate-500">{line.brand}</p>}
          </div>
          <button
            type="button"
            onClick={() => run("delete")}
            aria-disabled={busy}
            aria-label={t("cart.remove_item", { name: line.name })}
            className="-m-1 shrink-0 rounded-lg p-1.5 text-slate-400 hover:bg-rose-50 hover:text-rose-600 aria-disabled:opacity-40"
          >
            <TrashIcon className="size-4.5" />
          </button>
        </div>
        <VariantNames size={line.size} color={line.color} unit={line.unit} />
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2">
          <div className="flex flex-col gap-0.5">
            <div className="flex flex-wrap items-center gap-2">
              <ProductPrice product={line} />
              <DiscountBadge percentage={line.discount_percentage} />
            </div>
            {line.price_split && <PriceSplitNote split={line.price_split} />}
          </div>
          <fieldset className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300">
            <legend className="sr-only">{t("cart.quantity_of", { name: line.name })}</legend>
            <button
              type="button"
              className={step}
              onClick={() => run("decrement")}
              aria-disabled={busy}
              aria-label={t("cart.decrease_quantity", { name: line.name })}
            >
              −
            </button>
            <output className="min-w-8 px-1 text-center text-sm font-semibold tabular-nums" aria-live="polite">
              {line.quantity}
            </output>
            <button
              type="button"
              className={step}
              onClick={() => !atStock && run("increment")}
              aria-disabled={busy || atStock}
              aria-label={t("cart.increase_quantity", { name: line.name })}
            >
              +
            </button>
          </fieldset>
        </div>
      </div>
    </li>
  );
}

/** A line over a flash sale's cap: how many units go at the sale price and how many at the regular one. */
function PriceSplitNote({ split }: { split: PriceSplit }) {
  const { t } = useTranslation();
  const money = useAmountText();
  return (
    <p className="text-xs font-medium text-rose-700" data-testid="price-split">
      {t("cart.price_split", {
        saleCount: split.sale_quantity,
        salePrice: money(split.sale_price),
        regularCount: split.regular_quantity,
        regularPrice: money(split.regular_price),
      })}
    </p>
  );
}
