import type { AuditAction, AuditEntity } from "@market/contract";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import * as repo from "./audit.repository.ts";

/** One admin change: who made it, what it touched, and the record before and after. */
export interface AuditEntry {
  userId: number;
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  /** a line a person reads in the log, e.g. the record's name */
  summary?: string;
  before?: unknown;
  after?: unknown;
}

/** A move in a list, for a summary any reader reads: the action and record kind say the rest. */
export const upOrDown = (direction: "up" | "down") => (direction === "up" ? "↑" : "↓");

/**
 * Records an admin change. Call it with the deps of the change's own transaction
 * (`inTransaction(deps, trx)`), so the change and its entry are written together or not at all.
 */
export async function recordAudit(tx: DbDeps, e: AuditEntry): Promise<void> {
  await repo.insertEntry(tx.dbh.db, {
    user_id: e.userId,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId == null ? null : String(e.entityId),
    summary: (e.summary ?? "").slice(0, 300),
    before: e.before === undefined ? null : JSON.stringify(e.before),
    after: e.after === undefined ? null : JSON.stringify(e.after),
    created_at: clock.iso(),
  });
}
