import type { Transaction } from "kysely";
import type { Database } from "../schema.ts";
import { i18n } from "./site-data.ts";

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Issue types a shopper picks from, in [en, ar, fr]. */
export const ISSUE_TYPES: ReadonlyArray<readonly [string, string, string]> = [
  ["Order issue", "مشكلة في الطلب", "Problème de commande"],
  ["Payment issue", "مشكلة في الدفع", "Problème de paiement"],
  ["Delivery issue", "مشكلة في التوصيل", "Problème de livraison"],
  ["Return & refund", "الإرجاع والاسترداد", "Retour et remboursement"],
  ["Account issue", "مشكلة في الحساب", "Problème de compte"],
  ["Other", "أخرى", "Autre"],
];

/** The issue types, and one answered demo ticket for the demo shopper (fixed number, so docs can name it). */
export async function seedSupport(trx: Transaction<Database>, now: number): Promise<void> {
  const types = await trx
    .insertInto("ticket_issue_types")
    .values(ISSUE_TYPES.map((names, i) => ({ name: names[0], sort: i + 1, i18n: i18n({ name: names }) })))
    .returning("id")
    .execute();
  const shopper = await trx
    .selectFrom("users")
    .select(["id", "email", "phone", "phone_code"])
    .where("email", "=", "shopper@example.com")
    .executeTakeFirst();
  const admin = await trx.selectFrom("users").select("id").where("email", "=", "admin@example.com").executeTakeFirst();
  const accountIssue = types[4]?.id;
  if (!shopper || !admin || accountIssue === undefined) return;
  const opened = iso(now - 26 * HOUR_MS);
  const answered = iso(now - 24 * HOUR_MS);
  const ticket = await trx
    .insertInto("support_tickets")
    .values({
      ticket_number: "TK-DEMO00SHOP",
      user_id: shopper.id,
      issue_type_id: Number(accountIssue),
      subject: "How do I change my email address?",
      email: shopper.email ?? "shopper@example.com",
      phone: shopper.phone && `${shopper.phone_code ?? ""}${shopper.phone}`,
      status: "confirm",
      message_count: 2,
      created_at: opened,
      updated_at: answered,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("support_ticket_messages")
    .values([
      {
        ticket_id: ticket.id,
        user_id: shopper.id,
        is_staff: 0,
        message: "Hello, I would like to use a new email address for my account. How can I change it?",
        created_at: opened,
      },
      {
        ticket_id: ticket.id,
        user_id: admin.id,
        is_staff: 1,
        message:
          "Hi! Open My Profile in your account, type the new address in the Email field and press Save Changes. Let us know if anything goes wrong.",
        created_at: answered,
      },
    ])
    .execute();
}
