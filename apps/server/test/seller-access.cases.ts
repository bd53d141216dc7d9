import type { DbHandle } from "../src/db/index.ts";

/** One call aimed at a record of another shop (shop 2) by the owner of shop 1. */
export interface OtherShopCase {
  url: string;
  payload?: unknown;
  /** reads what the call must not change (compared before and after) */
  unchanged?: () => Promise<unknown>;
}
type CaseMaker = (dbh: DbHandle, ownerToken: string) => Promise<OtherShopCase>;

/** The second shop's id (the first belongs to owner1, who makes the calls). */
async function otherShopId(dbh: DbHandle): Promise<number> {
  const shops = await dbh.db.selectFrom("shops").select("id").orderBy("id").limit(2).execute();
  return Number(shops[1]?.id);
}

async function otherOrder(dbh: DbHandle) {
  const shopId = await otherShopId(dbh);
  return dbh.db
    .selectFrom("orders")
    .select(["id", "order_status"])
    .where("shop_id", "=", shopId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
}

const orderStatus = (dbh: DbHandle, id: number) =>
  dbh.db.selectFrom("orders").select("order_status").where("id", "=", id).executeTakeFirst();

async function otherProduct(dbh: DbHandle) {
  const shopId = await otherShopId(dbh);
  return dbh.db
    .selectFrom("products")
    .selectAll()
    .where("shop_id", "=", shopId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
}
const productRow = (dbh: DbHandle, id: number) =>
  dbh.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
/** A body the product schema accepts, so the answer is about whose product it is. */
const productBody = {
  name: "Not yours",
  category_id: 1,
  price: 10,
  variants: [{ size_id: 0, color_id: 0, stock: 1 }],
  is_active: true,
};

async function otherVoucher(dbh: DbHandle) {
  const shopId = await otherShopId(dbh);
  return dbh.db.selectFrom("coupons").selectAll().where("shop_id", "=", shopId).orderBy("id").executeTakeFirstOrThrow();
}
const voucherRow = (dbh: DbHandle, id: number) =>
  dbh.db.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst();
/** An entry of shop 2 in the running sale (added when the seed gave it none). */
async function otherEntry(dbh: DbHandle) {
  const shopId = await otherShopId(dbh);
  const found = await dbh.db
    .selectFrom("flash_sale_items as fi")
    .innerJoin("products as p", "p.id", "fi.product_id")
    .select("fi.id")
    .where("p.shop_id", "=", shopId)
    .orderBy("fi.id")
    .executeTakeFirst();
  if (found) return found.id;
  const sale = await dbh.db.selectFrom("flash_sales").select("id").orderBy("start_date").executeTakeFirstOrThrow();
  const product = await dbh.db
    .selectFrom("products")
    .select("id")
    .where("shop_id", "=", shopId)
    .where("id", "not in", (eb) =>
      eb.selectFrom("flash_sale_items").select("product_id").where("flash_sale_id", "=", sale.id),
    )
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const row = await dbh.db
    .insertInto("flash_sale_items")
    .values({ flash_sale_id: sale.id, product_id: product.id, sale_price: 100, quantity: 5 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const entryRow = (dbh: DbHandle, id: number) =>
  dbh.db.selectFrom("flash_sale_items").selectAll().where("id", "=", id).executeTakeFirst();
const voucherBody = {
  code: "SHOULD-NOT-SAVE",
  discount_type: "Fixed",
  discount: 1,
  min_order_amount: 5,
  start_date: "2020-01-01T00:00:00.000Z",
  end_date: "2099-01-01T00:00:00.000Z",
};

let otherSeq = 0;
/** A staff member of shop 2 (a new account), by its staff row id. */
async function otherStaffMember(dbh: DbHandle): Promise<number> {
  const shopId = await otherShopId(dbh);
  const now = new Date().toISOString();
  otherSeq += 1;
  const user = await dbh.db
    .insertInto("users")
    .values({
      name: "Other Staff",
      email: `other.staff.${process.pid}.${otherSeq}.${Date.now()}@example.org`,
      password_hash: "x",
      role: "seller",
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const row = await dbh.db
    .insertInto("shop_staff")
    .values({ shop_id: shopId, user_id: Number(user.id), role: "orders", created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A pending invitation of shop 2. */
async function otherInvite(dbh: DbHandle): Promise<number> {
  const shopId = await otherShopId(dbh);
  const now = new Date();
  otherSeq += 1;
  const row = await dbh.db
    .insertInto("shop_invites")
    .values({
      shop_id: shopId,
      email: `other.invite.${otherSeq}@example.org`,
      role: "products",
      token_hash: `other-${process.pid}-${otherSeq}-${now.getTime()}`,
      invited_by: 0,
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const staffRow = (dbh: DbHandle, id: number) =>
  dbh.db.selectFrom("shop_staff").selectAll().where("id", "=", id).executeTakeFirst();
const inviteRow = (dbh: DbHandle, id: number) =>
  dbh.db.selectFrom("shop_invites").selectAll().where("id", "=", id).executeTakeFirst();
/** A return request on shop 2's first order (written straight in: the call is about whose it is). */
async function otherReturn(dbh: DbHandle) {
  const order = await dbh.db
    .selectFrom("orders")
    .select(["id", "user_id", "shop_id"])
    .where("id", "=", (await otherOrder(dbh)).id)
    .executeTakeFirstOrThrow();
  const found = await dbh.db.selectFrom("returns").select("id").where("order_id", "=", order.id).executeTakeFirst();
  if (found) return found.id;
  const now = new Date().toISOString();
  const row = await dbh.db
    .insertInto("returns")
    .values({
      order_id: order.id,
      user_id: order.user_id,
      shop_id: order.shop_id,
      reason: "x",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
const returnRow = (dbh: DbHandle, id: number) =>
  dbh.db.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirst();
const otherReturnCase = (action: string, payload?: unknown) => async (dbh: DbHandle) => {
  const id = await otherReturn(dbh);
  return { url: `/seller/returns/${id}/${action}`, payload, unchanged: () => returnRow(dbh, id) };
};

/** An unread notification of shop 2 (written here: the seed tells no shop anything). */
async function otherNotification(dbh: DbHandle): Promise<number> {
  const row = await dbh.db
    .insertInto("notifications")
    .values({
      user_id: null,
      shop_id: await otherShopId(dbh),
      kind: "new_order",
      order_id: (await otherOrder(dbh)).id,
      return_id: null,
      params: "{}",
      read_at: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Per seller call with a path parameter: how to aim it at shop 2's record, or "not-shop-owned"
 * when the parameter names something no shop owns (a shopper's id in chat: a conversation is
 * keyed by shopper and shop, so the path cannot reach another shop's messages).
 */
export const otherShopCases: Record<string, CaseMaker | "not-shop-owned"> = {
  "POST /seller/notifications/:id/read": async (dbh) => {
    const id = await otherNotification(dbh);
    return {
      url: `/seller/notifications/${id}/read`,
      unchanged: () => dbh.db.selectFrom("notifications").selectAll().where("id", "=", id).executeTakeFirst(),
    };
  },
  "GET /seller/orders/:id": async (dbh) => ({ url: `/seller/orders/${(await otherOrder(dbh)).id}` }),
  "POST /seller/orders/:id/status": async (dbh) => {
    const order = await otherOrder(dbh);
    return {
      url: `/seller/orders/${order.id}/status`,
      payload: { status: "Cancelled" },
      unchanged: () => orderStatus(dbh, order.id),
    };
  },
  "POST /seller/orders/:id/shipment": async (dbh) => {
    const order = await otherOrder(dbh);
    return {
      url: `/seller/orders/${order.id}/shipment`,
      payload: { carrier: "DHL", tracking_number: "JD0001" },
      unchanged: () =>
        dbh.db.selectFrom("orders").select("shipment_tracking_number").where("id", "=", order.id).executeTakeFirst(),
    };
  },
  "GET /seller/orders/:id/returns": async (dbh) => ({ url: `/seller/orders/${(await otherOrder(dbh)).id}/returns` }),
  "POST /seller/returns/:id/approve": otherReturnCase("approve"),
  "POST /seller/returns/:id/reject": otherReturnCase("reject", { reason: "Not yours" }),
  "POST /seller/returns/:id/received": otherReturnCase("received"),
  "POST /seller/returns/:id/refunded": otherReturnCase("refunded"),
  "GET /seller/products/:id": async (dbh) => ({ url: `/seller/products/${(await otherProduct(dbh)).id}` }),
  "PUT /seller/products/:id": async (dbh) => {
    const p = await otherProduct(dbh);
    return { url: `/seller/products/${p.id}`, payload: productBody, unchanged: () => productRow(dbh, p.id) };
  },
  // Names the record in its body: another shop's variant, restocked from the stock page.
  "PUT /seller/stock": async (dbh) => {
    const p = await otherProduct(dbh);
    const v = await dbh.db
      .selectFrom("product_variants")
      .select(["size_id", "color_id"])
      .where("product_id", "=", p.id)
      .executeTakeFirstOrThrow();
    const variant = { product_id: p.id, size_id: v.size_id, color_id: v.color_id };
    return {
      url: "/seller/stock",
      payload: { ...variant, add: 999 },
      unchanged: () =>
        dbh.db
          .selectFrom("product_variants")
          .select("stock")
          .where("product_id", "=", p.id)
          .where("size_id", "=", v.size_id)
          .where("color_id", "=", v.color_id)
          .executeTakeFirst(),
    };
  },
  "GET /seller/vouchers/:id": async (dbh) => ({ url: `/seller/vouchers/${(await otherVoucher(dbh)).id}` }),
  "PUT /seller/vouchers/:id": async (dbh) => {
    const v = await otherVoucher(dbh);
    return { url: `/seller/vouchers/${v.id}`, payload: voucherBody, unchanged: () => voucherRow(dbh, v.id) };
  },
  "POST /seller/vouchers/:id/pause": async (dbh) => {
    const v = await otherVoucher(dbh);
    return { url: `/seller/vouchers/${v.id}/pause`, unchanged: () => voucherRow(dbh, v.id) };
  },
  "POST /seller/vouchers/:id/resume": async (dbh) => {
    const v = await otherVoucher(dbh);
    await dbh.db.updateTable("coupons").set({ is_active: 0 }).where("id", "=", v.id).execute();
    return { url: `/seller/vouchers/${v.id}/resume`, unchanged: () => voucherRow(dbh, v.id) };
  },
  // A flash sale belongs to the marketplace, not to a shop; joining it with another shop's product is a 422 (tested in seller-marketing.test.ts).
  "POST /seller/flash-sales/:id/entries": "not-shop-owned",
  "PUT /seller/flash-sales/entries/:id": async (dbh) => {
    const id = await otherEntry(dbh);
    return {
      url: `/seller/flash-sales/entries/${id}`,
      payload: { sale_price: 0.5, quantity: 99 },
      unchanged: () => entryRow(dbh, id),
    };
  },
  "DELETE /seller/flash-sales/entries/:id": async (dbh) => {
    const id = await otherEntry(dbh);
    return { url: `/seller/flash-sales/entries/${id}`, unchanged: () => entryRow(dbh, id) };
  },
  // Shop 2's staff member and invitation, created for the case.
  "PUT /seller/staff/:id": async (dbh) => {
    const id = await otherStaffMember(dbh);
    return { url: `/seller/staff/${id}`, payload: { role: "all" }, unchanged: () => staffRow(dbh, id) };
  },
  "DELETE /seller/staff/:id": async (dbh) => {
    const id = await otherStaffMember(dbh);
    return { url: `/seller/staff/${id}`, unchanged: () => staffRow(dbh, id) };
  },
  "POST /seller/invites/:id/resend": async (dbh) => {
    const id = await otherInvite(dbh);
    return { url: `/seller/invites/${id}/resend`, unchanged: () => inviteRow(dbh, id) };
  },
  "DELETE /seller/invites/:id": async (dbh) => {
    const id = await otherInvite(dbh);
    return { url: `/seller/invites/${id}`, unchanged: () => inviteRow(dbh, id) };
  },
  // A seeded review of shop 2's product: owner1 cannot answer it.
  "POST /seller/reviews/:id/reply": async (dbh) => {
    const p = await otherProduct(dbh);
    const review = await dbh.db
      .selectFrom("reviews")
      .select("id")
      .where("product_id", "in", dbh.db.selectFrom("products").select("id").where("shop_id", "=", p.shop_id))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const reply = () => dbh.db.selectFrom("reviews").select("reply").where("id", "=", review.id).executeTakeFirst();
    return { url: `/seller/reviews/${review.id}/reply`, payload: { reply: "Not our review" }, unchanged: reply };
  },
  "GET /seller/conversations/:userId/messages": "not-shop-owned",
  "POST /seller/conversations/:userId/messages": "not-shop-owned",
};
