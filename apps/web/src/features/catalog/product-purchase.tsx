import type { ProductDetails } from "@market/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { OptionChips } from "../../ui/option-chips.tsx";
import { DiscountBadge, FavoriteButton, ProductPrice } from "../cart/index.ts";
import { useCartActions } from "./cart-actions.ts";
import { choicePrices, choiceStock, defaultChoice, type VariantChoice } from "./product-pricing.ts";
import { ShopClosedNotice } from "./shop-closed-notice.tsx";

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
      {!product.shop.is_open && <ShopClosedNotice />}
      <div className="flex items-center gap-3">
        <div className="flex flex-1 flex-wrap items-center gap-3" aria-live="polite">
          <ProductPrice product={prices} size="lg" />
          <DiscountBadge percentage={prices.discount_percentage} className="text-sm" />
        </div>
        <FavoriteButton product={product} size="lg" className="shrink-0" />
      </div>

      <OptionChips
        legend={t("catalog.size")}
        name={`size-${product.id}`}
        options={product.sizes}
        value={choice.sizeId}
        onChange={(sizeId) => choose({ sizeId })}
      />
      <OptionChips
        legend={
          <>
            {t("catalog.color")}:{" "}
            <span className="font-normal text-slate-600">
              {product.colors.find((c) => c.id === choice.colorId)?.name}
            </span>
          </>
        }
        name={`color-${product.id}`}
        options={product.colors}
        value={choice.colorId}
        onChange={(colorId) => choose({ colorId })}
        swatch={(c) => c.color_code}
      />

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
