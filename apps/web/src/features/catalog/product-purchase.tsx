import { asciiDigits, CART_QUANTITY_MAX, type ProductDetails } from "@market/contract";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { taxName } from "../../lib/tax-name.ts";
import { OptionChips } from "../../ui/option-chips.tsx";
import { ShopClosedNotice } from "../../ui/shop-closed-notice.tsx";
import { DiscountBadge, FavoriteButton, ProductPrice } from "../cart/index.ts";
import { useCartActions } from "./cart-actions.ts";
import { CHOICE_PARAMS, choiceFromUrl, choicePrices, choiceStock, type VariantChoice } from "./product-pricing.ts";
import { StockAlert } from "./stock-alert.tsx";

/**
 * Size, colour and unit choice, the price and stock of that choice, quantity, and the cart buttons.
 * The chosen size and colour are in the URL (replacing its entry), so a reload, Back to the page
 * and a shared link open on them.
 */
export function ProductPurchase({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const { addToCart, isPending } = useCartActions();
  const [params, setParams] = useSearchParams();
  const choice = choiceFromUrl(product, params);
  const setChoice = (next: VariantChoice) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (product.sizes.length > 0) out.set(CHOICE_PARAMS.size, String(next.sizeId));
        if (product.colors.length > 0) out.set(CHOICE_PARAMS.color, String(next.colorId));
        return out;
      },
      // At once, as a radio answers a click: not after a transition.
      { replace: true, preventScrollReset: true, flushSync: true },
    );
  const [quantity, setQuantity] = useState(1);
  // What is typed while the box has the focus: it may be empty on the way to a new number.
  const [typed, setTyped] = useState<string | null>(null);
  const prices = choicePrices(product, choice);
  const stock = choiceStock(product, choice);
  const inStock = stock > 0;
  const most = Math.max(1, Math.min(stock, CART_QUANTITY_MAX));
  const qty = Math.min(Math.max(1, quantity), most);
  const type = (text: string) => {
    const digits = asciiDigits(text).replace(/\D/g, "");
    if (!digits) return setTyped("");
    const n = Math.min(Math.max(1, Number(digits)), most);
    setQuantity(n);
    setTyped(String(n));
  };
  const qtyId = useId();
  const stockId = useId();

  const choose = (next: Partial<VariantChoice>) => {
    const merged = { ...choice, ...next };
    setChoice(merged);
    setQuantity((q) => Math.min(q, Math.max(1, choiceStock(product, merged))));
  };
  // While the request runs the buttons are aria-disabled, not disabled, so the keyboard focus stays
  // on them (a disabled button drops it to <body>); a press then does nothing.
  const submit = (buyNow: boolean) => {
    if (!isPending) addToCart({ product, sizeId: choice.sizeId, colorId: choice.colorId, quantity: qty, buyNow });
  };
  const actionsRef = useRef<HTMLDivElement>(null);
  const actionsPassed = useScrolledPast(actionsRef);
  const phone = useMediaQuery(PHONE);
  const chosen = [
    product.sizes.find((s) => s.id === choice.sizeId)?.name,
    product.colors.find((c) => c.id === choice.colorId)?.name,
  ].filter(Boolean);
  const buttons = (sticky: boolean) => (
    <>
      <button
        type="button"
        disabled={!inStock}
        aria-disabled={isPending}
        onClick={() => submit(false)}
        className={`h-12 flex-1 whitespace-nowrap rounded-xl border-2 border-primary-600 text-sm font-semibold text-primary-700 hover:bg-primary-50 aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent ${sticky ? `${STICKY_BUTTON} bg-white` : "px-5 sm:flex-none"}`}
      >
        {t("catalog.add_to_cart")}
      </button>
      <button
        type="button"
        disabled={!inStock}
        aria-disabled={isPending}
        onClick={() => submit(true)}
        className={`h-12 flex-1 whitespace-nowrap rounded-xl bg-primary-700 text-sm font-semibold text-white shadow-sm hover:bg-primary-800 aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:bg-slate-300 ${sticky ? STICKY_BUTTON : "px-6 sm:flex-none"}`}
      >
        {t("catalog.buy_now")}
      </button>
    </>
  );

  return (
    <div className="flex flex-col gap-5">
      {!product.shop.is_open && <ShopClosedNotice />}
      <div className="flex items-center gap-3">
        <div className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1" aria-live="polite">
          <ProductPrice product={prices} size="lg" />
          <DiscountBadge percentage={prices.discount_percentage} className="text-sm" />
          {product.vat && (
            // Prices are before tax; checkout adds it (pricing/totals.ts), so say so before then.
            <p className="w-full text-xs text-slate-600">
              {t("catalog.tax_added_at_checkout", { tax: taxName(t, product.vat) })}
            </p>
          )}
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
            {t("catalog.color")}
            {t("common.colon")}
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
          <span className="font-semibold text-slate-900">
            {t("catalog.unit")}
            {t("common.colon").trimEnd()}
          </span>{" "}
          {product.unit.name}
        </p>
      )}

      <p id={stockId} className={`text-sm font-medium ${inStock ? "text-emerald-700" : "text-rose-700"}`} role="status">
        {inStock ? t("catalog.in_stock_count", { count: stock }) : t("catalog.out_of_stock")}
      </p>
      {!inStock && product.shop.is_open && <StockAlert product={product} choice={choice} />}

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
              // Text, not a number box: that one drops digits typed on an Arabic keyboard ("٣").
              type="text"
              role="spinbutton"
              inputMode="numeric"
              aria-valuemin={1}
              aria-valuemax={most}
              aria-valuenow={qty}
              value={typed ?? String(qty)}
              disabled={!inStock}
              aria-describedby={stockId}
              onChange={(e) => type(e.target.value)}
              onBlur={() => setTyped(null)}
              className="h-full w-14 border-x border-slate-300 text-center text-base font-semibold outline-none [appearance:textfield] focus:border-primary-500 focus:ring-2 focus:ring-primary-200 [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              className="h-full w-11 rounded-e-xl text-xl text-slate-700 hover:bg-slate-50 disabled:opacity-40"
              aria-label={t("catalog.increase_quantity")}
              disabled={!inStock || qty >= most}
              onClick={() => setQuantity(qty + 1)}
            >
              +
            </button>
          </div>
        </div>
        {/* Both buttons share a row where their labels fit (en, ar); longer ones (fr "Acheter
            maintenant") take a row each rather than widen the page. */}
        <div ref={actionsRef} className="flex min-w-0 basis-full flex-wrap gap-3 sm:flex-1 sm:basis-auto">
          {buttons(false)}
        </div>
      </div>
      {/* On phones, a bar with the price, the choice and the cart buttons once the page's own have
          scrolled away above; the page keeps room for it at its end (index.css, data-sticky-buy). */}
      <div data-sticky-buy className="md:hidden">
        {phone && actionsPassed && (
          <div
            data-testid="sticky-buy-bar"
            data-bottom-bar
            className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
          >
            <div className="flex items-center justify-between gap-3 pb-2 text-xs text-slate-600">
              <ProductPrice product={prices} />
              <span className={`truncate ${inStock ? "" : "font-medium text-rose-700"}`}>
                {inStock
                  ? chosen.join(" · ") || t("catalog.in_stock_count", { count: stock })
                  : t("catalog.out_of_stock")}
              </span>
            </div>
            <div className="flex gap-2">{buttons(true)}</div>
          </div>
        )}
      </div>
    </div>
  );
}

const PHONE = "(max-width: 767.98px)";
// The bar's two buttons share its one row: a label too long for half of it (fr "Acheter
// maintenant" at 360 px) takes two lines rather than push the row past the screen's margin.
const STICKY_BUTTON = "min-w-0 px-2 whitespace-normal leading-tight";

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== "undefined" && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

/** Whether the element has scrolled out of view above the screen's top. */
function useScrolledPast(ref: React.RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The viewport stretched far down: the element leaves it only by passing above the screen, so a
    // jump from below to above (a link to the reviews, a restored scroll) is a change too; with the
    // plain viewport the element never intersected on the way and nothing was reported.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
      },
      { rootMargin: "0px 0px 1000000px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return past;
}
