import { randomBytes } from "node:crypto";
import type { DbHandle } from "../src/db/index.ts";
import { clock } from "../src/lib/clock.ts";
import { sha256 } from "../src/modules/auth/tokens.ts";

/** A bearer token for a user, live for a day by the app's clock, written straight to the database. */
export async function tokenOf(dbh: DbHandle, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = clock.iso();
  await dbh.db
    .insertInto("access_tokens")
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(clock.ms() + 86_400_000).toISOString(),
      created_at: now,
    })
    .execute();
  return token;
}

export async function userIdOf(dbh: DbHandle, email: string): Promise<number> {
  const u = await dbh.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return Number(u.id);
}

/** A new staff member of `shopId` with `role`, and their token. */
export async function newStaff(dbh: DbHandle, shopId: number, role: "products" | "orders" | "all") {
  const now = new Date().toISOString();
  const tag = randomBytes(4).toString("hex");
  const user = await dbh.db
    .insertInto("users")
    .values({
      name: `Staff ${tag}`,
      email: `staff.${tag}@example.org`,
      password_hash: "x",
      role: "seller",
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await dbh.db
    .insertInto("shop_staff")
    .values({ shop_id: shopId, user_id: Number(user.id), role, created_at: now })
    .execute();
  return tokenOf(dbh, Number(user.id));
}
