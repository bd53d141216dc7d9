import type { Insertable, Transaction } from "kysely";
import type { CouponsTable, Database } from "../schema.ts";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Three store vouchers per shop: 10 % off (capped), 5.00 off above 50.00 for the first 5
 * shoppers, and an expired 20 % one. Codes carry the shop id, so they are unique.
 */
export async function seedCoupons(trx: Transaction<Database>, now: number): Promise<void> {
  const shops = await trx.selectFrom("shops").select(["id", "prefix"]).orderBy("id").execute();
  const running = { start_date: iso(now - 30 * DAY_MS), end_date: iso(now + 365 * DAY_MS), created_at: iso(now) };
  const rows: Insertable<CouponsTable>[] = shops.flatMap((s) => [
    {
      ...running,
      shop_id: s.id,
      code: `${s.prefix}${s.id}SAVE10`,
      discount: 1000,
      discount_type: "Percentage" as const,
      min_order_amount: 0,
      max_discount: 1500,
      usage_limit: null,
    },
    {
      ...running,
      shop_id: s.id,
      code: `${s.prefix}${s.id}FIVE`,
      discount: 500,
      discount_type: "Fixed" as const,
      min_order_amount: 5000,
      max_discount: null,
      usage_limit: 5,
    },
    {
      shop_id: s.id,
      code: `${s.prefix}${s.id}OLD20`,
      discount: 2000,
      discount_type: "Percentage" as const,
      min_order_amount: 0,
      max_discount: null,
      usage_limit: null,
      start_date: iso(now - 90 * DAY_MS),
      end_date: iso(now - DAY_MS),
      created_at: iso(now - 90 * DAY_MS),
    },
  ]);
  if (rows.length > 0) await trx.insertInto("coupons").values(rows).execute();
}
