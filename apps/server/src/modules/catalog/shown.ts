import type { Db } from "../../db/index.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";

// What the catalogue built of a product (a card, the product page's own part) is kept in this
// process, per database and language, with the product's `shown_version` it was built at. Triggers
// move that number whenever anything the product shows changes (migration 024), so a kept part is
// used only while the database still has the version it was built from: no clock decides, and
// another instance's write is seen at the next read (docs/decisions.md, "Kept by version").

const KEPT_MS = 3_600_000;

export class KeptByVersion<V> {
  private readonly kept: TtlCache<{ version: number; value: V }>;

  constructor(maxEntries: number) {
    this.kept = new TtlCache(KEPT_MS, maxEntries);
  }

  /** The part of product `id` in `locale` built at `version`, if it is kept. */
  get(id: number, locale: string, version: number | undefined): V | undefined {
    const hit = this.kept.get(`${locale}:${id}`);
    return hit !== undefined && hit.version === version ? hit.value : undefined;
  }

  /**
   * Keeps `value`, built from reads made after `version` was read: a write between the two moves the
   * version past it, so the part is built again at the next read instead of being kept stale.
   */
  set(id: number, locale: string, version: number, value: V): void {
    this.kept.set(`${locale}:${id}`, { version, value });
  }
}

/**
 * One `make()` per database (tests open several in one process, with the same ids and versions);
 * none inside a transaction, whose reads may be rolled back.
 */
export function perDatabase<T extends object>(make: () => T): (db: Db) => T | undefined {
  const made = new WeakMap<Db, T>();
  return (db) => {
    if (db.isTransaction) return undefined;
    let value = made.get(db);
    if (!value) {
      value = make();
      made.set(db, value);
    }
    return value;
  };
}
