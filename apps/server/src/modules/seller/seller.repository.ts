import type { Db } from "../../db/index.ts";

export async function shopSummary(db: Db, shopId: number) {
  const shop = await db
    .selectFrom("shops")
    .select(["id", "name", "logo", "is_open", "status", "status_reason"])
    .where("id", "=", shopId)
    .executeTakeFirstOrThrow();
  const currency = await db.selectFrom("currencies").select("name").orderBy("is_default", "desc").executeTakeFirst();
  return { ...shop, currency: currency?.name ?? "USD" };
}
