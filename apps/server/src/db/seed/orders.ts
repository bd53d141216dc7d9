import type { Transaction } from "kysely";
import { quote } from "../../modules/pricing/pricing.service.ts";
import { checkoutTotals } from "../../modules/pricing/totals.ts";
import type { Database, OrdersTable } from "../schema.ts";

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
 * The demo shopper's saved addresses (home is the default) and a short order history: two
 * delivered orders and a pending one, from three shops, so the order pages are not empty.
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

  const plans: { daysAgo: number; steps: number; method: string }[] = [
    { daysAgo: 20, steps: 6, method: "cash" },
    { daysAgo: 9, steps: 6, method: "test" },
    { daysAgo: 1, steps: 1, method: "cash" },
  ];
  const shops = await trx
    .selectFrom("shops")
    .select(["id", "prefix", "delivery_charge"])
    .orderBy("id")
    .limit(3)
    .execute();
  for (const [i, shop] of shops.entries()) {
    const plan = plans[i];
    if (!plan) break;
    const line = await trx
      .selectFrom("products as p")
      .innerJoin("product_variants as v", "v.product_id", "p.id")
      .leftJoin("sizes as z", "z.id", "v.size_id")
      .leftJoin("product_sizes as ps", (j) =>
        j.onRef("ps.product_id", "=", "p.id").onRef("ps.size_id", "=", "v.size_id"),
      )
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
      .where("p.shop_id", "=", shop.id)
      .where("p.is_active", "=", 1)
      .where("v.stock", ">", 0)
      .orderBy("p.id")
      .orderBy("v.id")
      .executeTakeFirst();
    if (!line) continue;
    const quantity = i + 1;
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
    const placed = now - plan.daysAgo * DAY_MS;
    const delivered = plan.steps === FLOW.length;
    const paid = delivered || plan.method !== "cash";
    const { id: paymentId } = await trx
      .insertInto("payments")
      .values({
        user_id: shopper.id,
        method: plan.method,
        status: paid ? "Paid" : "Pending",
        amount: t.payable_amount,
        provider_ref: plan.method === "cash" ? null : `test_seed${i}`,
        paid_at: paid ? iso(placed + (plan.method === "cash" ? 4 * DAY_MS : HOUR_MS)) : null,
        created_at: iso(placed),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const status = FLOW[plan.steps - 1] as Status;
    const { id: orderId } = await trx
      .insertInto("orders")
      .values({
        user_id: shopper.id,
        shop_id: shop.id,
        payment_id: paymentId,
        order_code: "",
        order_status: status,
        payment_status: paid ? "Paid" : "Pending",
        payment_method: plan.method,
        quantity,
        total_amount: t.total_amount,
        discount: q.price * quantity - q.amount,
        coupon_id: null,
        coupon_discount: 0,
        delivery_charge: t.delivery_charge,
        tax_amount: t.order_tax_amount,
        payable_amount: t.payable_amount,
        vat_taxes: JSON.stringify(t.all_vat_taxes),
        note: i === 0 ? "Please ring the bell twice." : null,
        address: JSON.stringify(HOME),
        estimated_delivery_date: iso(placed + 4 * DAY_MS).slice(0, 10),
        created_at: iso(placed),
        updated_at: iso(placed + (plan.steps - 1) * 18 * HOUR_MS),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("orders")
      .set({ order_code: `#${shop.prefix}${String(orderId).padStart(6, "0")}` })
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
        FLOW.slice(0, plan.steps).map((s, step) => ({
          order_id: orderId,
          status: s,
          changed_by: step === 0 ? ("customer" as const) : ("seller" as const),
          created_at: iso(placed + step * 18 * HOUR_MS),
        })),
      )
      .execute();
  }
}
