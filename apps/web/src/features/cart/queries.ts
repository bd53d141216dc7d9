import {
  type CartData,
  type CartProduct,
  type CartStoreBody,
  type Coupon,
  type DataOf,
  type InputOf,
  TOAST_CART_MS,
} from "@market/contract";
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, call, keyOf, NetworkError } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { SESSION_TOAST, toast } from "../../ui/toast.ts";
import { useUiStore } from "../auth/index.ts";
import { useCartStore } from "./cart-store.ts";
import { showAddedToast, showRemovedToast } from "./cart-toasts.tsx";

// Server state of the cart feature: the cart and buy-now cart, checkout totals of the selected
// shops, store vouchers and favourites. Every key starts with the signed-in user's id, so one
// user's cart is never shown to the next, and with the locale, since names come translated.

type UserId = number | null;

type CheckoutArgs = { shopIds: number[]; couponCode: string; buyNow: boolean };

/** Favourites per page: the navbar badge and the wishlist's first page share one answer. */
export const FAVORITES_PER_PAGE = 20;

const CHECKOUT = "POST /cart/checkout";
const cartInput = (buyNow: boolean): InputOf<"GET /carts"> => (buyNow ? { query: { is_buy_now: "1" } } : {});
const checkoutInput = ({ shopIds, couponCode, buyNow }: CheckoutArgs): InputOf<typeof CHECKOUT> => ({
  body: { shop_ids: shopIds, coupon_code: couponCode || null, ...(buyNow ? { is_buy_now: true } : {}) },
});
const favoritesInput = (page: number): InputOf<"GET /favorite-products"> => ({
  query: { page, per_page: FAVORITES_PER_PAGE },
});

const CART_SCOPE = ["cart"] as const;
const userScope = (userId: UserId) => [...CART_SCOPE, userId] as const;

/**
 * The cart's query keys: `["cart", userId, locale, call, input]` for the cart, the buy-now cart and
 * checkout totals; `["cart", userId, call, input]` for a shop's vouchers (under the user too, so what
 * refreshes the user's cart, an order or a cart change, refreshes them); favourites by call first.
 */
export const cartKeys = {
  all: CART_SCOPE,
  user: userScope,
  cart: (userId: UserId, locale: string, buyNow = false) =>
    [...userScope(userId), locale, ...keyOf("GET /carts", cartInput(buyNow))] as const,
  // The shops sorted: the same selection in another order is the same totals.
  checkout: (userId: UserId, locale: string, args: CheckoutArgs) =>
    [
      ...userScope(userId),
      locale,
      ...keyOf(CHECKOUT, checkoutInput({ ...args, shopIds: [...args.shopIds].sort((a, b) => a - b) })),
    ] as const,
  vouchers: (userId: UserId, shopId: number) =>
    [...userScope(userId), ...keyOf("GET /get-vouchers", { query: { shop_id: shopId } })] as const,
  /** The signed-in shopper's favourite ids: every heart on every card reads this one answer. */
  favoriteIds: (userId: UserId) => [...keyOf("GET /favorites/ids"), userId] as const,
  allFavorites: keyOf("GET /favorite-products"),
  favorites: (userId: UserId, locale: string, page: number) =>
    [...keyOf("GET /favorite-products", favoritesInput(page)), userId, locale] as const,
  /** Of the keys under `user`: what a cart answer makes stale, every checkout's totals and what other locales hold. */
  staleAfterCartChange:
    (locale: string) =>
    ({ queryKey: key }: { queryKey: readonly unknown[] }) =>
      key[3] === CHECKOUT || (key[2] !== locale && key[3] !== undefined),
  /** Of the keys under `allFavorites`: the user's. */
  favoritesOf:
    (userId: UserId) =>
    ({ queryKey: key }: { queryKey: readonly unknown[] }) =>
      key[2] === userId,
};

function useSession() {
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const locale = useTranslation().i18n.language;
  return { signedIn: Boolean(token), userId, locale };
}

/** A cart answer's `info` (a price or stock change the server reports once) as a warning toast. */
function warnInfo<T extends { info?: string }>(data: T): T {
  if (data.info) toast.warning(data.info);
  return data;
}

/** The signed-in shopper's cart: `total` lines, `total_amount`, lines grouped by shop. */
export function useCart() {
  const { signedIn, userId, locale } = useSession();
  return useQuery({
    queryKey: cartKeys.cart(userId, locale),
    queryFn: ({ signal }) => call("GET /carts", cartInput(false), { signal }).then(warnInfo),
    enabled: signedIn,
    staleTime: 30_000,
    // Another tab or device may have changed it: read again whenever the shopper comes back.
    refetchOnWindowFocus: "always",
  });
}

/** The separate one-line cart of Buy Now (never the main cart). */
export function useBuyNowCart() {
  const { signedIn, userId, locale } = useSession();
  return useQuery({
    queryKey: cartKeys.cart(userId, locale, true),
    queryFn: ({ signal }) => call("GET /carts", cartInput(true), { signal }).then(warnInfo),
    enabled: signedIn,
    staleTime: 0,
  });
}

/**
 * Checkout totals (`POST /cart/checkout`) of the given shops with the coupon applied; idle while no
 * shop is given. Fetched afresh on every mount and after every cart change. An error is shown as a
 * toast (spec section 8). For the main cart, a checkout list that comes back empty clears the
 * selection (spec section 4).
 */
export function useCheckout(shopIds: number[], couponCode = "", options: { buyNow?: boolean; enabled?: boolean } = {}) {
  const { signedIn, userId, locale } = useSession();
  const buyNow = options.buyNow ?? false;
  const query = useQuery({
    queryKey: cartKeys.checkout(userId, locale, { shopIds, couponCode, buyNow }),
    queryFn: async ({ signal }) => {
      try {
        return warnInfo(await call(CHECKOUT, checkoutInput({ shopIds, couponCode, buyNow }), { signal }));
      } catch (e) {
        if (e instanceof ApiError && e.code !== "unauthenticated") toast.error(e.message);
        throw e;
      }
    },
    enabled: signedIn && shopIds.length > 0 && (options.enabled ?? true),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const emptied = !buyNow && !query.isPlaceholderData && query.data?.checkout_items.length === 0;
  useEffect(() => {
    if (emptied && shopIds.length > 0) useCartStore.getState().clearSelection();
  }, [emptied, shopIds.length]);
  return query;
}

/** A shop's store vouchers (collected ones and those still open to collect). */
export function useVouchers(shopId: number, enabled = true) {
  const { signedIn, userId } = useSession();
  return useQuery({
    queryKey: cartKeys.vouchers(userId, shopId),
    queryFn: async ({ signal }) => {
      try {
        return await call("GET /get-vouchers", { query: { shop_id: shopId } }, { signal });
      } catch (e) {
        // An ended session is told once, by the app shell.
        if (e instanceof ApiError && e.code !== "unauthenticated") toast.error(e.message);
        throw e;
      }
    },
    select: (data) => data.coupons,
    enabled: signedIn && enabled && shopId > 0,
  });
}

/** One page of the wishlist; `count` is every favourite of the user (the navbar badge). */
export function useFavorites(page = 1) {
  const { signedIn, userId, locale } = useSession();
  return useQuery({
    queryKey: cartKeys.favorites(userId, locale, page),
    queryFn: ({ signal }) => call("GET /favorite-products", favoritesInput(page), { signal }),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

type FavoriteIds = DataOf<"GET /favorites/ids">;
const NO_FAVORITES: ReadonlySet<number> = new Set();
const idSet = (data: FavoriteIds): ReadonlySet<number> => new Set(data.product_ids);
const withFavorite = (data: FavoriteIds, productId: number, favorite: boolean): FavoriteIds => {
  const others = data.product_ids.filter((id) => id !== productId);
  return { product_ids: favorite ? [productId, ...others] : others };
};

/**
 * The shopper's favourite products, for the hearts: catalogue answers are the same for everyone (so a
 * CDN can keep them) and carry no favourite flags. Empty for a visitor.
 */
export function useFavoriteIds(): ReadonlySet<number> {
  const { signedIn, userId } = useSession();
  const { data } = useQuery({
    queryKey: cartKeys.favoriteIds(userId),
    queryFn: ({ signal }) => call("GET /favorites/ids", {}, { signal }),
    enabled: signedIn,
    staleTime: 60_000,
    select: idSet,
  });
  return signedIn && data ? data : NO_FAVORITES;
}

/** The wishlist badge: 0 for a visitor. */
export function useFavoriteCount(): number | undefined {
  const signedIn = useSession().signedIn;
  const { data } = useFavorites(1);
  return signedIn ? data?.count : 0;
}

/** After a cart answer: keep it as the cart and re-fetch the checkout totals (spec section 4). */
function cartChanged(qc: QueryClient, userId: UserId, locale: string, data: CartData, buyNow: boolean) {
  qc.setQueryData(cartKeys.cart(userId, locale, buyNow), data);
  void qc.invalidateQueries({ queryKey: cartKeys.user(userId), predicate: cartKeys.staleAfterCartChange(locale) });
}

/** The add-to-cart request (`POST /cart/store`): product, quantity, size, colour, unit, buy now. */
export type AddToCartInput = {
  product_id: number;
  quantity?: number;
  size?: number | null;
  color?: number | null;
  unit?: number | null;
  is_buy_now?: boolean;
};

/** Spec section 8: without a session, or on a 401, 'Please login first!' and the login dialog. */
function askToLogin(t: (key: string) => string) {
  if (useAuthStore.getState().token) useAuthStore.getState().clear();
  // In place of "Your session has ended" (app/session-events.ts), which a 401 also brings: one toast.
  toast.error(t("cart.login_first"), SESSION_TOAST);
  useUiStore.getState().openLogin();
}

const ids = (v: number | null | undefined) => (v ? v : null);

/** The line of an answer that a request added (same product, size, colour). */
export function lineOf(data: CartData, input: AddToCartInput): CartProduct | undefined {
  const lines = data.cart_items.flatMap((g) => g.products);
  return (
    lines.find(
      (l) =>
        l.product_id === input.product_id &&
        (l.size?.id ?? null) === ids(input.size) &&
        (l.color?.id ?? null) === ids(input.color),
    ) ?? lines.find((l) => l.product_id === input.product_id)
  );
}

/**
 * Adds to the cart, or with `is_buy_now` replaces the buy-now cart. The main cart shows the add
 * toast ('View In Cart' opens the drawer); a price or stock notice (`info`) is a warning toast.
 */
export function useAddToCart() {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const { userId, locale } = useSession();
  const mutation = useMutation({
    mutationFn: (input: AddToCartInput) => {
      const body: CartStoreBody = {
        product_id: input.product_id,
        quantity: input.quantity ?? 1,
        size: ids(input.size),
        color: ids(input.color),
        unit: ids(input.unit),
        ...(input.is_buy_now ? { is_buy_now: true } : {}),
      };
      return call("POST /cart/store", { body });
    },
    onSuccess: (data, input) => {
      cartChanged(qc, userId, locale, warnInfo(data), input.is_buy_now === true);
      if (input.is_buy_now) return;
      const line = lineOf(data, input);
      if (line) showAddedToast(line, t, () => useCartStore.getState().openDrawer());
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === "unauthenticated") askToLogin(t);
      else toast.error(e.message);
      // A lost answer may hide a line the server added: the cart is read again.
      if (e instanceof NetworkError) void qc.invalidateQueries({ queryKey: cartKeys.user(userId) });
    },
  });
  const mutate = useSingleFlight(mutation);
  return {
    ...mutation,
    /** Add to cart is called only with a product id, and only for a signed-in shopper (spec 5, 8). */
    add: (input: AddToCartInput, options?: { onSuccess?: (data: CartData) => void }) => {
      if (!(input.product_id > 0)) return;
      if (!useAuthStore.getState().token) {
        askToLogin(t);
        return;
      }
      mutate(input, options);
    },
  };
}

export type LineChange = "increment" | "decrement" | "delete";

/**
 * Plus, minus and remove of one cart line. A line that went away shows the removal toast, whose
 * 'Again Add to Cart' adds one unit of the same size and colour back (spec sections 2, 4).
 */
export function useCartLineChange(options: { buyNow?: boolean } = {}) {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const { userId, locale } = useSession();
  const { add } = useAddToCart();
  const buyNow = options.buyNow ?? false;
  return useMutation({
    mutationFn: ({ line, change }: { line: CartProduct; change: LineChange }) => {
      const body = { cart_id: line.id, ...(buyNow ? { is_buy_now: true } : {}) };
      return call(`POST /cart/${change}`, { body });
    },
    onSuccess: (data, { line }) => {
      cartChanged(qc, userId, locale, warnInfo(data), buyNow);
      // The line is gone when the answer no longer holds it (the server also says 'product removed from cart').
      if (!data.cart_items.some((g) => g.products.some((p) => p.id === line.id))) {
        if (!buyNow) {
          // Shops without lines leave the selection; an empty cart empties the basket.
          const store = useCartStore.getState();
          const left = new Set(data.cart_items.map((g) => g.shop_id));
          store.setSelectedShops(store.selectedShopIds.filter((id) => left.has(id)));
        }
        showRemovedToast(line, t, () =>
          add({
            product_id: line.product_id,
            quantity: 1,
            size: line.size?.id,
            color: line.color?.id,
            unit: line.unit?.id,
          }),
        );
      }
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === "unauthenticated") return askToLogin(t);
      toast.error(e.message);
      // Refused (sold out meanwhile, no longer sold): the lines show what the cart holds now.
      void qc.invalidateQueries({ queryKey: cartKeys.user(userId) });
    },
  });
}

/** Collects a store voucher; the shop's voucher list then shows it as collected. */
export function useCollectVoucher() {
  const qc = useQueryClient();
  const { userId } = useSession();
  const mutation = useMutation({
    mutationFn: (coupon: Coupon) => call("POST /vouchers-collect", { body: { coupon_id: coupon.id } }),
    onSuccess: ({ coupon }) => {
      qc.setQueryData<DataOf<"GET /get-vouchers">>(
        cartKeys.vouchers(userId, coupon.shop_id),
        (old) => old && { coupons: old.coupons.map((c) => (c.id === coupon.id ? { ...c, is_collected: true } : c)) },
      );
    },
    onError: (e) => toast.error(e.message),
  });
  return { ...mutation, collect: useSingleFlight(mutation) };
}

/**
 * Adds a product to the wishlist or takes it out. A visitor gets the login dialog (spec section
 * 6). The hearts change at once (the favourite ids are updated before the answer) and go back if
 * the call fails.
 */
export function useToggleFavorite() {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const { userId } = useSession();
  const idsKey = cartKeys.favoriteIds(userId);
  const mutation = useMutation({
    mutationFn: (productId: number) => call("POST /favorite-add-or-remove", { body: { product_id: productId } }),
    onMutate: async (productId) => {
      await qc.cancelQueries({ queryKey: idsKey });
      const before = qc.getQueryData<FavoriteIds>(idsKey);
      if (before) qc.setQueryData(idsKey, withFavorite(before, productId, !before.product_ids.includes(productId)));
      return { before };
    },
    onSuccess: (data) => {
      toast.success(t(data.is_favorite ? "cart.added_to_wishlist" : "cart.removed_from_wishlist"), {
        duration: TOAST_CART_MS,
      });
      qc.setQueryData<FavoriteIds>(idsKey, (old) => old && withFavorite(old, data.product_id, data.is_favorite));
      const favorites = { queryKey: cartKeys.allFavorites, predicate: cartKeys.favoritesOf(userId) };
      qc.setQueriesData<DataOf<"GET /favorite-products">>(favorites, (old) =>
        old ? { ...old, count: data.count } : old,
      );
      void qc.invalidateQueries(favorites);
    },
    onError: (e, _productId, context) => {
      if (context?.before) qc.setQueryData(idsKey, context.before);
      if (e instanceof ApiError && e.code === "unauthenticated") askToLogin(t);
      else toast.error(e.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: idsKey }),
  });
  const mutate = useSingleFlight(mutation);
  return {
    ...mutation,
    toggle: (productId: number) => {
      if (!useAuthStore.getState().token) {
        useUiStore.getState().openLogin();
        return;
      }
      mutate(productId);
    },
  };
}
