import type { ProductDetails } from "@market/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FavoriteButton } from "../cart/favorite-button.tsx";
import { useCartActions } from "./cart-actions.ts";
import { DiscountBadge, ProductPrice } from "./product-price.tsx";
import { choicePrices, choiceStock, defaultChoice, type VariantChoice } from "./product-pricing.ts";

/** Size, colour and unit choice, the price and stock of that choice, quantity, and the cart buttons. */
export function ProductPurchase({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const { addToCart, isPending } = useCartActions();
  const [choice, setChoice] = useState<VariantChoice>(() => defaultChoice(product));
  const [quantity, setQuantity] = useState(1);
  const prices = choicePrices(product, choice);
  const stock = choiceStock(product, choice);
  const inStock = stock > 0;
  const qty = Math.min(Math.max(1, quantity), Math.max(1, stock));
  const qtyId = useId();
  const stockId = useId();

  const choose = (next: Partial<VariantChoice>) => {
    const merged = { ...choice, ...next };
    setChoice(merged);
    setQuantity((q) => Math.min(q, Math.max(1, choiceStock(product, merged))));
  };
  const submit = (buyNow: boolean) =>
    addToCart({ product, sizeId: choice.sizeId, colorId: choice.colorId, quantity: qty, buyNow });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 flex-wrap items-center gap-3" aria-live="polite">
          <ProductPrice product={prices} size="lg" />
          <DiscountBadge percentage={prices.discount_percentage} className="text-sm" />
        </div>
        <FavoriteButton product={product} size="lg" className="shrink-0" />
      </div>

      {product.sizes.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t("catalog.size")}</legend>
          <div className="flex flex-wrap gap-2">
            {product.sizes.map((s) => (
              <label key={s.id} className="cursor-pointer">
                <input
                  type="radio"
                  name={`size-${product.id}`}
                  className="peer sr-only"
                  checked={choice.sizeId === s.id}
                  onChange={() => choose({ sizeId: s.id })}
                />
                <span className="inline-flex h-10 min-w-12 items-center justify-center rounded-xl border border-slate-300 px-3 text-sm font-medium text-slate-800 peer-checked:border-primary-600 peer-checked:bg-primary-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 hover:border-slate-400">
                  {s.name}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {product.colors.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">
            {t("catalog.color")}:{" "}
            <span className="font-normal text-slate-600">
              {product.colors.find((c) => c.id === choice.colorId)?.name}
            </span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {product.colors.map((c) => (
              <label key={c.id} className="cursor-pointer">
                <input
                  type="radio"
                  name={`color-${product.id}`}
                  className="peer sr-only"
                  checked={choice.colorId === c.id}
                  onChange={() => choose({ colorId: c.id })}
                />
                <span className="inline-flex h-10 items-center gap-2 rounded-xl border border-slate-300 pe-3 ps-2 text-sm text-slate-800 peer-checked:border-primary-600 peer-checked:ring-2 peer-checked:ring-primary-600 peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 hover:border-slate-400">
                  <span
                    className="size-6 rounded-full border border-black/10"
                    style={{ backgroundColor: c.color_code }}
                    aria-hidden="true"
                  />
                  {c.name}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {product.unit && (
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{t("catalog.unit")}:</span> {product.unit.name}
        </p>
      )}

      <p id={stockId} className={`text-sm font-medium ${inStock ? "text-emerald-700" : "text-rose-700"}`} role="status">
        {inStock ? t("catalog.in_stock_count", { count: stock }) : t("catalog.out_of_stock")}
      </p>

      <div className="flex flex-wrap items-center gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={qtyId} className="sr-only">
            {t("catalog.quantity")}
          </label>
          <div className="inline-flex h-12 items-center rounded-xl border border-slate-300 bg-white">
            <button
              type="button"
              className="h-full w-11 rounded-s-xl text-xl text-slate-700 hover:bg-slate-50 disabled:opacity-40"
              aria-label={t("catalog.decrease_quantity")}
              disabled={!inStock || qty <= 1}
              onClick={() => setQuantity(qty - 1)}
            >
              −
            </button>
            <input
              id={qtyId}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, stock)}
              value={qty}
              disabled={!inStock}
              aria-describedby={stockId}
              onChange={(e) => setQuantity(Math.floor(Number(e.target.value)) || 1)}
              className="h-full w-14 border-x border-slate-300 text-center text-base font-semibold [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              className="h-full w-11 rounded-e-xl text-xl text-slate-700 hover:bg-slate-50 disabled:opacity-40"
              aria-label={t("catalog.increase_quantity")}
              disabled={!inStock || qty >= stock}
              onClick={() => setQuantity(qty + 1)}
            >
              +
            </button>
          </div>
        </div>
        <button
          type="button"
          disabled={!inStock || isPending}
          onClick={() => submit(false)}
          className="h-12 flex-1 rounded-xl border-2 border-primary-600 px-5 text-sm font-semibold text-primary-700 hover:bg-primary-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent sm:flex-none"
        >
          {t("catalog.add_to_cart")}
        </button>
        <button
          type="button"
          disabled={!inStock || isPending}
          onClick={() => submit(true)}
          className="h-12 flex-1 rounded-xl bg-primary-700 px-6 text-sm font-semibold text-white shadow-sm hover:bg-primary-800 disabled:cursor-not-allowed disabled:bg-slate-300 sm:flex-none"
        >
          {t("catalog.buy_now")}
        </button>
      </div>
    </div>
  );
}
