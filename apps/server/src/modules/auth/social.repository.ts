import type { Insertable } from "kysely";
import type { Db } from "../../db/index.ts";
import type { SocialAccountsTable } from "../../db/schema.ts";

// All SQL of social sign-in identities. Functions take `db` (or a transaction) first.

export function findIdentity(db: Db, provider: SocialAccountsTable["provider"], subject: string) {
  return db
    .selectFrom("social_accounts")
    .select(["id", "user_id"])
    .where("provider", "=", provider)
    .where("subject", "=", subject)
    .executeTakeFirst();
}

export function insertIdentity(db: Db, row: Insertable<SocialAccountsTable>) {
  return db.insertInto("social_accounts").values(row).execute();
}

export function touchIdentity(db: Db, id: number, email: string | null, now: string) {
  return db
    .updateTable("social_accounts")
    .set({ last_login_at: now, ...(email && { email }) })
    .where("id", "=", id)
    .execute();
}
