import type { CartShopGroup as Group } from "@market/contract";
import { useTranslation } from "react-i18next";
import { MessageIcon, ShopIcon, StarIcon, TicketIcon } from "../../ui/icons.tsx";
import { ShopClosedNotice } from "../../ui/shop-closed-notice.tsx";
import { useChatStore } from "../chat/index.ts";
import { formatRating } from "../i18n/index.ts";
import { CartLine } from "./cart-line.tsx";
import { useCartStore } from "./cart-store.ts";

/**
 * One shop's lines in the drawer. In multi-vendor mode the header has the selection control, the
 * shop's name and rating, a chat button and 'Apply Store voucher' (spec section 2). A closed shop's
 * lines stay, under its notice, but the shop cannot be chosen for checkout.
 */
export function CartShopGroup({
  group,
  multiVendor,
  onVouchers,
  onLeave,
}: {
  group: Group;
  multiVendor: boolean;
  onVouchers: (shop: { id: number; name: string }) => void;
  /** closes the drawer before going to a product page or the chat panel */
  onLeave: () => void;
}) {
  const { t, i18n } = useTranslation();
  const selected = useCartStore((s) => s.selectedShopIds.includes(group.shop_id));
  const toggleShop = useCartStore((s) => s.toggleShop);
  const checkboxId = `cart-shop-${group.shop_id}`;
  return (
    <section
      className={`rounded-xl border bg-white ${selected && multiVendor ? "border-primary-300 ring-1 ring-primary-200" : "border-slate-200"}`}
      data-testid="cart-shop"
      aria-labelledby={`${checkboxId}-name`}
    >
      {multiVendor && (
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-100 px-3 py-2">
          <input
            id={checkboxId}
            type="checkbox"
            checked={selected}
            disabled={!group.is_open && !selected}
            onChange={() => toggleShop(group.shop_id)}
            aria-label={t("cart.select_shop", { shop: group.shop_name })}
            className="size-4.5 shrink-0 cursor-pointer rounded-full accent-primary-600 disabled:cursor-not-allowed"
          />
          <label htmlFor={checkboxId} className="flex min-w-0 flex-1 cursor-pointer items-center gap-2">
            {group.shop_logo ? (
              <img
                src={group.shop_logo}
                alt=""
                className="size-7 shrink-0 rounded-full border border-slate-100 object-cover"
              />
            ) : (
              <ShopIcon className="size-5 shrink-0 text-slate-500" />
            )}
            <span id={`${checkboxId}-name`} className="name-line truncate text-sm font-semibold text-slate-900">
              {group.shop_name}
            </span>
            <span className="inline-flex shrink-0 items-center gap-0.5 text-xs text-slate-600">
              <StarIcon width={12} height={12} className="text-amber-400" />
              <span className="sr-only">
                {t("catalog.rating_out_of", { rating: formatRating(group.shop_rating, i18n.language) })}
              </span>
              <span aria-hidden="true">{formatRating(group.shop_rating, i18n.language)}</span>
            </span>
          </label>
          <button
            type="button"
            onClick={() => {
              onLeave();
              useChatStore
                .getState()
                .openChat({ id: group.shop_id, name: group.shop_name, logo: group.shop_logo || null });
            }}
            aria-label={t("cart.chat_with_shop", { shop: group.shop_name })}
            className="rounded-full p-1.5 text-primary-700 hover:bg-primary-50"
          >
            <MessageIcon className="size-4.5" />
          </button>
          {group.is_open && (
            <button
              type="button"
              onClick={() => onVouchers({ id: group.shop_id, name: group.shop_name })}
              className="inline-flex w-full items-center gap-1 text-xs font-semibold text-primary-700 hover:underline"
            >
              <TicketIcon className="size-4" />
              {t("cart.apply_store_voucher")}
            </button>
          )}
        </header>
      )}
      {!group.is_open && <ShopClosedNotice className="mx-3 mt-3" />}
      <ul className="divide-y divide-slate-100 px-3">
        {group.products.map((line) => (
          <CartLine key={line.id} line={line} onNavigate={onLeave} />
        ))}
      </ul>
    </section>
  );
}
