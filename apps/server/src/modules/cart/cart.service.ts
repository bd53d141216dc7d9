import {
  CART_QUANTITY_MAX,
  type CartData,
  type CartLineBody,
  type CartProduct,
  type CartShopGroup,
  type CartStoreBody,
  type ChargedCurrency,
  type CheckoutBody,
  type CheckoutData,
  PRODUCT_REMOVED_FROM_CART,
} from "@market/contract";
import type { Kysely } from "kysely";
import { type DbHandle, writeTransaction } from "../../db/index.ts";
import { lockUser } from "../../db/queries.ts";
import type { Database } from "../../db/schema.ts";
import { type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { type AppError, fieldError, notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { localizeMessage } from "../../lib/messages.ts";
import { toMajor } from "../../lib/money.ts";
import { moveFavorites } from "../favorites/favorites.service.ts";
import { defaultCurrency } from "../payments/gateways.ts";
import { formatMoney } from "../payments/html.ts";
import { offerOf, type Quote, quote, runningSales, type SaleOffer } from "../pricing/pricing.service.ts";
import { checkoutTotals, type TotalsLine, vatName } from "../pricing/totals.ts";
import { checkCoupon } from "../vouchers/vouchers.service.ts";
import * as repo from "./cart.repository.ts";

// Cart rules: lines keyed by product, size, colour and unit in a main cart and a separate buy-now
// cart; quantities bounded by the variant's stock; prices recomputed on every read.

/** The 422 of asking for more than the variant's stock; the cart stays as it was. */
function stockError(stock: number, inCart: number): AppError {
  if (stock <= 0) return fieldError("quantity", "This product is out of stock.");
  return fieldError(
    "quantity",
    inCart > 0 ? `Only ${stock} left in stock and your cart already has ${inCart}.` : `Only ${stock} left in stock.`,
  );
}

/** A cart line's answer, its checkout figures and what the shopper should be told about it. */
export interface PricedLine {
  product: CartProduct;
  group: Omit<CartShopGroup, "products">;
  quote: Quote;
  totals: TotalsLine;
  delivery: number;
  /** its stock or price moved since the shopper last saw the cart (told in `info`) */
  changed: boolean;
}

export interface CartView {
  data: CartData;
  lines: PricedLine[];
}

/** What the next unit of a line costs: the price the shopper is told about when it changes. */
const unitPriceOf = (q: Quote) => (q.discount_price > 0 ? q.discount_price : q.price);

/**
 * Reads a cart with current prices. A line whose stock fell below its quantity is clamped (or
 * removed when sold out); a changed unit price, or fewer units left at a flash-sale price than
 * the shopper saw, is reported once: both go into `info`. Lines of one product share what its
 * sale has left, in line order. `lockSales` (placing an order on PostgreSQL) holds the sale rows.
 */
export async function readCart(
  deps: DbDeps,
  userId: number,
  isBuyNow: boolean,
  locale: string,
  { lockSales = false, fresh }: { lockSales?: boolean; fresh?: number } = {},
): Promise<CartView> {
  const trx = deps.dbh.db;
  const rows = await repo.cartRows(deps.dbh, userId, isBuyNow, locale);
  const sales = await runningSales(
    deps,
    rows.map((r) => r.product_id),
    clock.iso(),
    lockSales,
  );
  const saleLeft = new Map<number, SaleOffer>();
  for (const [productId, sale] of sales) saleLeft.set(productId, offerOf(sale) as SaleOffer);
  const info: string[] = [];
  const lines: PricedLine[] = [];
  // A note's amounts in the currency the order is charged in, read only when a price moved.
  let currency: ChargedCurrency | undefined;
  const money = async (minor: number) => {
    currency ??= await defaultCurrency(deps);
    return formatMoney(minor, currency, locale);
  };
  for (const r of rows) {
    const { name } = r;
    // A size, colour or pair the seller took off the product leaves its lines until the shopper is told.
    const variantGone =
      r.stock === null ||
      (r.size_id !== 0 && r.size_surcharge === null) ||
      (r.color_id !== 0 && r.color_surcharge === null);
    if (r.is_active !== 1 || variantGone) {
      await repo.deleteLine(trx, r.id);
      info.push(
        `${variantGone ? withVariant(r, locale) : name} is no longer available and was removed from your cart.`,
      );
      continue;
    }
    const stock = Number(r.stock ?? 0);
    if (stock <= 0) {
      await repo.deleteLine(trx, r.id);
      info.push(`${name} is out of stock and was removed from your cart.`);
      continue;
    }
    let quantity = r.quantity;
    const set: { quantity?: number; unit_price_at_add?: number; sale_quantity_at_add?: number } = {};
    let changed = false;
    if (stock < quantity) {
      quantity = stock;
      set.quantity = stock;
      changed = true;
      info.push(`Only ${stock} of ${name} left in stock; the quantity was reduced to ${stock}.`);
    }
    const sale = saleLeft.get(r.product_id) ?? null;
    const q = quote(r, (r.size_surcharge ?? 0) + (r.color_surcharge ?? 0), sale, quantity);
    if (sale) sale.left -= q.sale_quantity;
    const unitPrice = unitPriceOf(q);
    if (r.id === fresh) {
      if (unitPrice !== r.unit_price_at_add) set.unit_price_at_add = unitPrice;
    } else if (unitPrice !== r.unit_price_at_add) {
      set.unit_price_at_add = unitPrice;
      changed = true;
      info.push(`The price of ${name} changed from ${await money(r.unit_price_at_add)} to ${await money(unitPrice)}.`);
    } else if (q.sale_quantity < Math.min(quantity, r.sale_quantity_at_add)) {
      changed = true;
      info.push(
        `Only ${q.sale_quantity} of ${name} are left at the flash-sale price; the others cost ${await money(q.regular_unit)}.`,
      );
    }
    if (q.sale_quantity !== r.sale_quantity_at_add) set.sale_quantity_at_add = q.sale_quantity;
    if (Object.keys(set).length > 0) await repo.updateLine(trx, r.id, set);
    lines.push({
      product: {
        id: r.id,
        product_id: r.product_id,
        name,
        slug: r.slug,
        brand: r.brand_name,
        thumbnail: r.thumbnail,
        price: toMajor(q.price),
        discount_price: toMajor(q.discount_price),
        discount_percentage: q.discount_percentage,
        size: r.size_id && r.size_name !== null ? { id: r.size_id, name: r.size_name } : null,
        color:
          r.color_id && r.color_name !== null
            ? {
                id: r.color_id,
                name: tr({ name: r.color_name, i18n: r.color_i18n ?? "{}" }, "name", locale),
                color_code: r.color_code ?? "",
              }
            : null,
        unit:
          r.unit_id && r.unit_name !== null
            ? { id: r.unit_id, name: tr({ name: r.unit_name, i18n: r.unit_i18n ?? "{}" }, "name", locale) }
            : null,
        quantity,
        stock,
        subtotal: toMajor(q.amount),
        price_split:
          q.sale_quantity > 0 && q.regular_quantity > 0
            ? {
                sale_quantity: q.sale_quantity,
                sale_price: toMajor(q.sale_unit),
                regular_quantity: q.regular_quantity,
                regular_price: toMajor(q.regular_unit),
              }
            : null,
      },
      group: {
        shop_id: r.shop_id,
        shop_name: tr({ name: r.shop_name, i18n: r.shop_i18n }, "name", locale),
        shop_rating: Math.round(Number(r.shop_rating) * 10) / 10,
        shop_logo: r.shop_logo,
        is_open: r.shop_is_open === 1,
      },
      quote: q,
      totals: {
        shop_id: r.shop_id,
        amount: q.amount,
        vat:
          r.vat_name !== null && r.vat_rate_bp !== null
            ? { name: r.vat_name, rate_bp: r.vat_rate_bp, i18n: r.vat_i18n ?? "{}" }
            : null,
      },
      delivery: r.shop_delivery_charge,
      changed,
    });
  }
  const data: CartData = {
    total: lines.length,
    quantity: lines.reduce((n, l) => n + l.product.quantity, 0),
    total_amount: toMajor(lines.reduce((n, l) => n + l.totals.amount, 0)),
    cart_items: groupByShop(lines),
  };
  if (info.length > 0) data.info = info.map((note) => localizeMessage(note, locale)).join(" ");
  return { data, lines };
}

/** "Shirt (M, Red)": a line's product with its size and colour, as the shopper chose it. */
function withVariant(r: repo.CartRow, locale: string): string {
  const color = r.color_name === null ? null : tr({ name: r.color_name, i18n: r.color_i18n ?? "{}" }, "name", locale);
  const parts = [r.size_name, color].filter((p) => p !== null && p !== "");
  return parts.length > 0 ? `${r.name} (${parts.join(", ")})` : r.name;
}

function groupByShop(lines: PricedLine[]): CartShopGroup[] {
  const groups = new Map<number, CartShopGroup>();
  for (const l of lines) {
    const g = groups.get(l.group.shop_id) ?? { ...l.group, products: [] };
    g.products.push(l.product);
    groups.set(l.group.shop_id, g);
  }
  return [...groups.values()];
}

function viewCart(dbh: DbHandle, userId: number, isBuyNow: boolean, locale: string): Promise<CartView> {
  return dbh.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId, dbh.pg);
    return readCart(inTransaction({ dbh }, trx), userId, isBuyNow, locale);
  });
}

export async function getCart({ dbh }: DbDeps, userId: number, isBuyNow: boolean, locale: string): Promise<CartData> {
  return (await viewCart(dbh, userId, isBuyNow, locale)).data;
}

/**
 * Adds a product variant. The main cart adds to an existing line; buy now replaces the user's
 * buy-now cart with this one line and leaves the main cart alone. Answers the cart it changed.
 */
export async function addToCart(
  { dbh }: DbDeps,
  userId: number,
  body: CartStoreBody,
  locale: string,
): Promise<CartData> {
  const isBuyNow = body.is_buy_now === true;
  const sizeId = body.size ?? 0;
  const colorId = body.color ?? 0;
  return dbh.db.transaction().execute(async (trx) => {
    // Parallel adds of one user wait here, so two adds of the last unit cannot both pass the stock check.
    await lockUser(trx, userId, dbh.pg);
    const v = await repo.variantInfo(trx, body.product_id, sizeId, colorId);
    if (!v) throw notFound("Product");
    if (sizeId && v.size_surcharge === null) {
      throw fieldError("size", "The selected size is not available for this product.");
    }
    if (!sizeId && v.has_sizes) throw fieldError("size", "The size field is required.");
    if (colorId && v.color_surcharge === null) {
      throw fieldError("color", "The selected color is not available for this product.");
    }
    if (!colorId && v.has_colors) throw fieldError("color", "The color field is required.");
    if (body.unit && body.unit !== v.unit_id) {
      throw fieldError("unit", "The selected unit is not available for this product.");
    }
    const key: repo.LineKey = { product_id: v.id, size_id: sizeId, color_id: colorId, unit_id: v.unit_id ?? 0 };
    const stock = Number(v.stock ?? 0);
    const now = clock.iso();

    let lineId: number;
    if (isBuyNow) {
      if (body.quantity > stock) throw stockError(stock, 0);
      await repo.deleteBuyNow(trx, userId);
      lineId = await repo.insertLine(trx, {
        ...key,
        user_id: userId,
        quantity: body.quantity,
        is_buy_now: 1,
        unit_price_at_add: 0, // set by the read below
        sale_quantity_at_add: 0,
        created_at: now,
      });
    } else {
      const line = await repo.findLine(trx, userId, false, key);
      const inCart = line?.quantity ?? 0;
      if (inCart + body.quantity > stock) throw stockError(stock, inCart);
      if (inCart + body.quantity > CART_QUANTITY_MAX) {
        throw fieldError("quantity", `A cart line holds at most ${CART_QUANTITY_MAX} units.`);
      }
      lineId = await putInMainCart(trx, userId, key, line, inCart + body.quantity, 0, now);
    }
    // The answer shows the line at today's prices, so they become its reference.
    return (await readCart(inTransaction({ dbh }, trx), userId, isBuyNow, locale, { fresh: lineId })).data;
  });
}

type Variant = NonNullable<Awaited<ReturnType<typeof repo.variantInfo>>>;

/** What one unit of the variant costs now, as the cart will show it. */
async function currentUnitPrice(deps: DbDeps, v: Variant, now: string): Promise<number> {
  const sale = (await runningSales(deps, [v.id], now)).get(v.id);
  return unitPriceOf(quote(v, (v.size_surcharge ?? 0) + (v.color_surcharge ?? 0), offerOf(sale), 1));
}

/** Sets the main cart's line of the variant to `quantity` at a reference price, or opens it; answers its id. */
async function putInMainCart(
  trx: Kysely<Database>,
  userId: number,
  key: repo.LineKey,
  line: { id: number } | undefined,
  quantity: number,
  unitPrice: number,
  now: string,
): Promise<number> {
  const reference = { unit_price_at_add: unitPrice, sale_quantity_at_add: 0 };
  if (line) {
    await repo.updateLine(trx, line.id, { quantity, ...reference });
    return line.id;
  }
  return repo.insertLine(trx, { ...key, user_id: userId, quantity, is_buy_now: 0, ...reference, created_at: now });
}

/** A variant and how many of it to put in the cart (an order's line, a guest's cart line). */
type Item = { product_id: number; size_id: number; color_id: number; quantity: number };

/**
 * Puts up to `item.quantity` of a variant in the main cart inside the caller's transaction (which
 * holds the user's lock), as many as its stock and the line limit allow. Answers how many went in:
 * 0 when the product, its size or its colour is no longer sold, or none is left.
 */
async function addWhatIsAvailable(deps: DbDeps, userId: number, item: Item, now: string): Promise<number> {
  const trx = deps.dbh.db;
  const v = await repo.variantInfo(trx, item.product_id, item.size_id, item.color_id);
  // Skip rather than add another variant of the product.
  if (!v || (item.size_id && v.size_surcharge === null) || (item.color_id && v.color_surcharge === null)) return 0;
  const key = { product_id: item.product_id, size_id: item.size_id, color_id: item.color_id, unit_id: v.unit_id ?? 0 };
  const line = await repo.findLine(trx, userId, false, key);
  const inCart = line?.quantity ?? 0;
  const quantity = Math.min(item.quantity, Number(v.stock ?? 0) - inCart, CART_QUANTITY_MAX - inCart);
  if (quantity <= 0) return 0;
  await putInMainCart(trx, userId, key, line, inCart + quantity, await currentUnitPrice(deps, v, now), now);
  return quantity;
}

/**
 * Puts each item in the main cart as far as its stock and the line limit allow, inside the caller's
 * transaction (which holds the user's lock): a reorder, a guest's cart. Answers how many items went
 * in (some units at least) and the main cart's line count after.
 */
export async function addAllAvailable(
  deps: DbDeps,
  userId: number,
  items: Item[],
): Promise<{ added: number; total: number }> {
  const now = clock.iso();
  let added = 0;
  for (const item of items) if ((await addWhatIsAvailable(deps, userId, item, now)) > 0) added += 1;
  return { added, total: await repo.mainCartLineCount(deps.dbh.db, userId) };
}

/**
 * Moves a guest's main cart into the user's, each line as far as its stock and the line limit allow
 * (as a reorder adds), and empties the guest's; moves its wishlist too. One transaction holds both
 * users' locks (taken in id order, so two merges cannot wait on each other). A guest merges into
 * itself nothing.
 */
export async function mergeGuest(
  deps: DbDeps,
  guestId: number,
  userId: number,
): Promise<{ total: number; added: number; favorites_added: number }> {
  const { dbh } = deps;
  return writeTransaction(dbh, async (trx) => {
    for (const id of [guestId, userId].sort((a, b) => a - b)) await lockUser(trx, id, dbh.pg);
    const inTrx = inTransaction(deps, trx);
    if (guestId === userId) return { ...(await addAllAvailable(inTrx, userId, [])), favorites_added: 0 };
    const cart = await addAllAvailable(inTrx, userId, await repo.mainCartLines(trx, guestId));
    await repo.deleteMainCart(trx, guestId);
    return { ...cart, favorites_added: await moveFavorites(inTrx, guestId, userId) };
  });
}

/** The one line a request names, by cart_id or by product and variant; another user's line is 404. */
async function namedLine(trx: Kysely<Database>, userId: number, body: CartLineBody) {
  if (body.cart_id !== undefined) {
    const line = await repo.lineById(trx, userId, body.cart_id);
    if (!line) throw notFound("Cart item");
    return line;
  }
  const orNone = (v: number | null | undefined) => (v === undefined ? undefined : (v ?? 0));
  const lines = await repo.linesOfProduct(trx, userId, body.is_buy_now === true, body.product_id as number, {
    size_id: orNone(body.size),
    color_id: orNone(body.color),
    unit_id: orNone(body.unit),
  });
  const [line] = lines;
  if (!line) throw notFound("Cart item");
  if (lines.length > 1) {
    throw fieldError("cart_id", "This product has several lines in the cart; name the line by cart_id.");
  }
  return line;
}

export type LineChange = "increment" | "decrement" | "delete";

/** Changes one line by one unit or removes it; answers the cart the line belongs to. */
export async function changeLine(
  { dbh }: DbDeps,
  userId: number,
  body: CartLineBody,
  change: LineChange,
  locale: string,
): Promise<{ message: string; data: CartData }> {
  return dbh.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId, dbh.pg);
    const line = await namedLine(trx, userId, body);
    let message: string;
    if (change === "increment") {
      const stock = await repo.variantStock(trx, line.product_id, line.size_id, line.color_id);
      if (line.quantity + 1 > stock) throw stockError(stock, line.quantity);
      if (line.quantity + 1 > CART_QUANTITY_MAX) {
        throw fieldError("quantity", `A cart line holds at most ${CART_QUANTITY_MAX} units.`);
      }
      await repo.updateLine(trx, line.id, { quantity: line.quantity + 1 });
      message = "Product quantity increased";
    } else if (change === "decrement" && line.quantity > 1) {
      await repo.updateLine(trx, line.id, { quantity: line.quantity - 1 });
      message = "Product quantity decreased";
    } else {
      await repo.deleteLine(trx, line.id);
      message = PRODUCT_REMOVED_FROM_CART;
    }
    return { message, data: (await readCart(inTransaction({ dbh }, trx), userId, line.is_buy_now === 1, locale)).data };
  });
}

/** Checkout figures of the selected shops' lines, with the coupon checked and applied. */
export async function checkout(
  { dbh }: DbDeps,
  userId: number,
  body: CheckoutBody,
  locale: string,
): Promise<CheckoutData> {
  const cart = await viewCart(dbh, userId, body.is_buy_now === true, locale);
  const selected = new Set(body.shop_ids);
  const lines = cart.lines.filter((l) => selected.has(l.totals.shop_id));
  const subtotals = new Map<number, number>();
  const delivery = new Map<number, number>();
  for (const l of lines) {
    subtotals.set(l.totals.shop_id, (subtotals.get(l.totals.shop_id) ?? 0) + l.totals.amount);
    delivery.set(l.totals.shop_id, l.delivery);
  }
  const check = body.coupon_code ? await checkCoupon({ dbh }, userId, body.coupon_code, subtotals) : null;
  const t = checkoutTotals(
    lines.map((l) => l.totals),
    delivery,
    check?.coupon ?? null,
  );
  const data: CheckoutData = {
    checkout_items: groupByShop(lines),
    checkout: {
      total_amount: toMajor(t.total_amount),
      delivery_charge: toMajor(t.delivery_charge),
      coupon_discount: toMajor(t.coupon_discount),
      order_tax_amount: toMajor(t.order_tax_amount),
      payable_amount: toMajor(t.payable_amount),
      all_vat_taxes: t.all_vat_taxes.map((v) => ({
        name: vatName(v, locale),
        rate: v.rate_bp / 100,
        amount: toMajor(v.amount),
      })),
    },
    apply_coupon: check ? { ...check.apply, message: localizeMessage(check.apply.message, locale) } : null,
  };
  if (cart.data.info) data.info = cart.data.info;
  return data;
}
