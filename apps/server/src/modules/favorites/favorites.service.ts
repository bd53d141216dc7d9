import type { ProductCard } from "@market/contract";
import { lockUser } from "../../db/queries.ts";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { lastPage, pageWindow } from "../../lib/paging.ts";
import { productCards } from "../catalog/catalog.service.ts";
import * as repo from "./favorites.repository.ts";

// Favourites (the wishlist): listing, toggling, and marking product cards for the catalog.

/** Which of `productIds` the user marked as favourite (for the catalog's `is_favorite`). */
export async function favoriteProductIds({ dbh }: DbDeps, userId: number, productIds: number[]): Promise<Set<number>> {
  return new Set(await repo.favoritesAmong(dbh.db, userId, productIds));
}

/**
 * Marks every product card inside an answer (`{ id, is_favorite }` objects at any depth) with the
 * user's favourites, in one query. Catalog answers are built the same for everyone; this is the
 * only per-user part.
 */
export async function markFavorites<T>({ dbh }: DbDeps, userId: number, answer: T): Promise<T> {
  const cards: Array<{ id: number; is_favorite: boolean }> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      if ("is_favorite" in value && typeof (value as { id?: unknown }).id === "number") {
        cards.push(value as { id: number; is_favorite: boolean });
      }
      Object.values(value).forEach(walk);
    }
  };
  walk(answer);
  if (cards.length === 0) return answer;
  const favorites = await favoriteProductIds({ dbh }, userId, [...new Set(cards.map((c) => c.id))]);
  for (const card of cards) card.is_favorite = favorites.has(card.id);
  return answer;
}

export async function favoriteProducts(
  { dbh }: DbDeps,
  userId: number,
  page: { page: number; per_page: number },
  locale: string,
): Promise<{ products: ProductCard[]; count: number; current_page: number; last_page: number }> {
  const [ids, count] = await Promise.all([
    repo.favoriteIds(dbh.db, userId, pageWindow(page)),
    repo.countFavorites(dbh.db, userId),
  ]);
  const cards = await productCards({ dbh }, ids, locale);
  return {
    products: cards.map((c) => ({ ...c, is_favorite: true })),
    count,
    current_page: page.page,
    last_page: lastPage(count, page.per_page),
  };
}

/** Adds the product to the favourites, or removes it when it is there. */
export async function toggleFavorite(
  { dbh }: DbDeps,
  userId: number,
  productId: number,
): Promise<{ product_id: number; is_favorite: boolean; count: number }> {
  const is_favorite = await dbh.db.transaction().execute(async (trx) => {
    // Without the lock two parallel toggles could both see "absent" and both answer "added".
    await lockUser(trx, userId, dbh.pg);
    if (await repo.removeFavorite(trx, userId, productId)) return false;
    if (!(await repo.activeProductExists(trx, productId))) throw notFound("Product");
    await repo.addFavorite(trx, userId, productId, clock.iso());
    return true;
  });
  return { product_id: productId, is_favorite, count: await repo.countFavorites(dbh.db, userId) };
}
