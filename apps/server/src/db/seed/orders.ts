import type { Transaction } from "kysely";
import { quote } from "../../modules/pricing/pricing.service.ts";
import { checkoutTotals } from "../../modules/pricing/totals.ts";
import type { Database, OrdersTable } from "../schema.ts";
import { prng } from "./prng.ts";
import { CURRENCIES } from "./site-data.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Trx = Transaction<Database>;
type Status = OrdersTable["order_status"];
const FLOW: Status[] = ["Pending", "Confirm", "Processing", "Pickup", "On The Way", "Delivered"];

const HOME = {
  name: "Demo Shopper",
  phone: "5550101234",
  area: "Midtown",
  flat_no: "Apt 4B",
  post_code: "10018",
  address_line: "350 Fifth Avenue",
  address_line2: "New York, NY",
  address_type: "home" as const,
  latitude: 40.7484,
  longitude: -73.9857,
};

/**
 * The demo shopper's saved addresses (home is the default) and a short order history (two
 * delivered orders and a pending one, from three shops), among a month of every shop's sales.
 */
export async function seedOrders(trx: Trx, now: number): Promise<void> {
  const shopper = await trx
    .selectFrom("users")
    .select("id")
    .where("email", "=", "shopper@example.com")
    .executeTakeFirst();
  if (!shopper) return;
  const stamp = iso(now - 30 * DAY_MS);
  await trx
    .insertInto("addresses")
    .values([
      { ...HOME, user_id: shopper.id, is_default: 1, created_at: stamp, updated_at: stamp },
      {
        user_id: shopper.id,
        name: "Demo Shopper",
        phone: "5550101234",
        area: "Financial District",
        flat_no: "Floor 12",
        post_code: "10004",
        address_line: "1 Battery Park Plaza",
        address_line2: null,
        address_type: "office",
        is_default: 0,
        latitude: null,
        longitude: null,
        created_at: stamp,
        updated_at: stamp,
      },
    ])
    .execute();

  const shops = await trx.selectFrom("shops").select(["id", "prefix", "delivery_charge"]).orderBy("id").execute();
  // each shop's first ten products in stock, each with its sizes and colours in stock
  const products = new Map<number, Line[][]>();
  for (const shop of shops) {
    const byProduct = new Map<number, Line[]>();
    for (const line of await linesOf(trx, shop.id, 300))
      byProduct.set(line.id, [...(byProduct.get(line.id) ?? []), line]);
    products.set(shop.id, [...byProduct.values()].slice(0, 10));
  }

  const mine: { daysAgo: number; steps: number; method: string }[] = [
    { daysAgo: 20, steps: 6, method: "cash" },
    { daysAgo: 9, steps: 6, method: "test" },
    { daysAgo: 1, steps: 1, method: "cash" },
  ];
  const orders: PlannedOrder[] = [];
  for (const [i, shop] of shops.slice(0, mine.length).entries()) {
    const plan = mine[i] as (typeof mine)[number];
    const line = products.get(shop.id)?.[0]?.[0];
    if (!line) continue;
    orders.push({
      user: shopper.id,
      address: HOME,
      shop,
      line,
      quantity: i + 1,
      flow: FLOW.slice(0, plan.steps),
      daysAgo: plan.daysAgo,
      method: plan.method,
      note: i === 0 ? "Please ring the bell twice." : null,
    });
  }
  orders.push(...(await shopSales(trx, shops, products, now)));
  // placed in time order, so order numbers grow with the date, as a live shop's do
  orders.sort((x, y) => y.daysAgo - x.daysAgo);
  for (const [ref, order] of orders.entries()) await placeOrder(trx, order, now, ref);
}

/**
 * A month of sales for every shop, bought by the demo's other shoppers (the reviewers), so each
 * seller's dashboard, order list and status counts show a working shop: older orders delivered
 * (one in eight cancelled), recent ones at each step of the way.
 */
async function shopSales(
  trx: Trx,
  shops: Shop[],
  products: Map<number, Line[][]>,
  now: number,
): Promise<PlannedOrder[]> {
  const rnd = prng(90_210);
  const buyers = await trx
    .selectFrom("users")
    .select(["id", "name", "phone"])
    .where("email", "like", "reviewer%@example.com")
    .orderBy("id")
    .execute();
  const orders: PlannedOrder[] = [];
  for (const shop of shops) {
    const stock = products.get(shop.id) ?? [];
    if (stock.length === 0 || buyers.length === 0) continue;
    const count = rnd.int(8, 14);
    for (let k = 0; k < count; k++) {
      // an order placed today, waiting for the seller, and one yesterday; the rest over the month
      const daysAgo = k < 2 ? k : rnd.int(0, 29);
      const buyer = rnd.pick(buyers);
      const cancelled = daysAgo >= 6 && rnd.int(1, 8) === 1;
      const flow: Status[] = cancelled
        ? ["Pending", "Cancelled"]
        : daysAgo >= 6
          ? FLOW
          : FLOW.slice(0, daysAgo === 0 ? 1 : Math.min(FLOW.length - 1, 1 + daysAgo + rnd.int(0, 1)));
      orders.push({
        user: buyer.id,
        address: { ...HOME, ...rnd.pick(BUYER_ADDRESSES), name: buyer.name, phone: buyer.phone },
        shop,
        line: rnd.pick(rnd.pick(stock)),
        quantity: rnd.int(1, 3),
        flow,
        // today's since midnight (UTC, the dashboard's day), at most three hours ago
        daysAgo: daysAgo + rnd.next() * (daysAgo === 0 ? Math.min(0.125, (now % DAY_MS) / DAY_MS) : 0.9),
        method: cancelled ? "cash" : rnd.pick(["cash", "test"]),
        note: null,
      });
    }
  }
  return orders;
}

const BUYER_ADDRESSES = [
  {
    area: "Brooklyn Heights",
    flat_no: "2F",
    post_code: "11201",
    address_line: "75 Montague Street",
    address_line2: "Brooklyn, NY",
  },
  {
    area: "Back Bay",
    flat_no: "Unit 9",
    post_code: "02116",
    address_line: "220 Newbury Street",
    address_line2: "Boston, MA",
  },
  {
    area: "Lincoln Park",
    flat_no: null,
    post_code: "60614",
    address_line: "1820 N Clark Street",
    address_line2: "Chicago, IL",
  },
] as const;

type Shop = { id: number; prefix: string; delivery_charge: number };
type Line = Awaited<ReturnType<typeof linesOf>>[number];

/** A shop's first in-stock lines (a product with its size and colour), with what pricing needs. */
function linesOf(trx: Trx, shopId: number, limit: number) {
  return trx
    .selectFrom("products as p")
    .innerJoin("product_variants as v", "v.product_id", "p.id")
    .leftJoin("sizes as z", "z.id", "v.size_id")
    .leftJoin("product_sizes as ps", (j) => j.onRef("ps.product_id", "=", "p.id").onRef("ps.size_id", "=", "v.size_id"))
    .leftJoin("colors as k", "k.id", "v.color_id")
    .leftJoin("product_colors as pc", (j) =>
      j.onRef("pc.product_id", "=", "p.id").onRef("pc.color_id", "=", "v.color_id"),
    )
    .leftJoin("units as u", "u.id", "p.unit_id")
    .leftJoin("vat_taxes as t", "t.id", "p.vat_tax_id")
    .select([
      "p.id",
      "p.name",
      "p.price",
      "p.discount_price",
      "p.unit_id",
      "v.size_id",
      "v.color_id",
      "z.name as size_name",
      "ps.price as size_surcharge",
      "k.name as color_name",
      "k.color_code",
      "pc.price as color_surcharge",
      "u.name as unit_name",
      "t.name as vat_name",
      "t.i18n as vat_i18n",
      "t.rate_bp",
    ])
    .where("p.shop_id", "=", shopId)
    .where("p.is_active", "=", 1)
    .where("v.stock", ">", 0)
    .orderBy("p.id")
    .orderBy("v.id")
    .limit(limit)
    .execute();
}

/** An order to seed: who bought which line from which shop, and what happened to it since. */
type PlannedOrder = {
  user: number;
  address: object;
  shop: Shop;
  line: Line;
  quantity: number;
  /** the statuses it went through, the last one its own */
  flow: Status[];
  daysAgo: number;
  method: string;
  note: string | null;
};

// Charged in the demo's default currency.
const [{ name, symbol, position }] = CURRENCIES.filter((c) => c.is_default === 1) as [(typeof CURRENCIES)[number]];
const CHARGED_IN = JSON.stringify({ name, symbol, position, decimals: 2 });

/** A past order of one line, with its payment and its status history, priced as checkout would. */
async function placeOrder(trx: Trx, o: PlannedOrder, now: number, ref: number): Promise<void> {
  const { line, shop, quantity } = o;
  // Past orders, so no flash sale: the line's regular (or discount) price.
  const q = quote(line, (line.size_surcharge ?? 0) + (line.color_surcharge ?? 0), null, quantity);
  const t = checkoutTotals(
    [
      {
        shop_id: shop.id,
        amount: q.amount,
        vat:
          line.vat_name !== null && line.rate_bp !== null
            ? { name: line.vat_name, rate_bp: line.rate_bp, i18n: line.vat_i18n ?? "{}" }
            : null,
      },
    ],
    new Map([[shop.id, shop.delivery_charge]]),
    null,
  );
  const placed = Math.round(now - o.daysAgo * DAY_MS);
  const status = o.flow[o.flow.length - 1] as Status;
  // a step every 18 hours, closer together for an order placed less than that many steps ago
  const step = Math.min(18 * HOUR_MS, (now - placed) / o.flow.length);
  const paid = status === "Delivered" || (o.method !== "cash" && status !== "Cancelled");
  const { id: paymentId } = await trx
    .insertInto("payments")
    .values({
      user_id: o.user,
      method: o.method,
      status: paid ? "Paid" : "Pending",
      amount: t.payable_amount,
      provider_ref: o.method === "cash" ? null : `test_seed${ref}`,
      paid_at: paid ? iso(Math.min(now, placed + (o.method === "cash" ? 4 * DAY_MS : HOUR_MS))) : null,
      created_at: iso(placed),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: orderId } = await trx
    .insertInto("orders")
    .values({
      user_id: o.user,
      shop_id: shop.id,
      payment_id: paymentId,
      order_code: "",
      order_status: status,
      payment_status: paid ? "Paid" : "Pending",
      payment_method: o.method,
      quantity,
      total_amount: t.total_amount,
      discount: q.price * quantity - q.amount,
      coupon_id: null,
      coupon_discount: 0,
      delivery_charge: t.delivery_charge,
      tax_amount: t.order_tax_amount,
      payable_amount: t.payable_amount,
      currency: CHARGED_IN,
      vat_taxes: JSON.stringify(t.all_vat_taxes),
      note: o.note,
      address: JSON.stringify(o.address),
      estimated_delivery_date: iso(placed + 4 * DAY_MS).slice(0, 10),
      created_at: iso(placed),
      updated_at: iso(placed + (o.flow.length - 1) * step),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // An order that went on its way has its parcel: the marketplace's own carrier (no tracking page).
  const shipped = o.flow.includes("On The Way");
  await trx
    .updateTable("orders")
    .set({
      order_code: `#${shop.prefix}${String(orderId).padStart(6, "0")}`,
      ...(shipped && { shipment_carrier: "ReadyMart Express", shipment_tracking_number: `RME${800100 + ref}` }),
    })
    .where("id", "=", orderId)
    .execute();
  await trx
    .insertInto("order_products")
    .values({
      order_id: orderId,
      product_id: line.id,
      size_id: line.size_id,
      color_id: line.color_id,
      unit_id: line.unit_id ?? 0,
      name: line.name,
      size_name: line.size_name,
      color_name: line.color_name,
      color_code: line.color_code,
      unit_name: line.unit_name,
      regular_price: q.price,
      price: q.regular_unit,
      quantity,
    })
    .execute();
  await trx
    .insertInto("order_status_history")
    .values(
      o.flow.map((s, i) => ({
        order_id: orderId,
        status: s,
        changed_by: i === 0 || s === "Cancelled" ? ("customer" as const) : ("seller" as const),
        created_at: iso(placed + i * step),
      })),
    )
    .execute();
}
