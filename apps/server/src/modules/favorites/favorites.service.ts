import { FAVORITE_IDS_MAX, type ProductCard } from "@market/contract";
import { lockUser } from "../../db/queries.ts";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { lastPage, pageWindow } from "../../lib/paging.ts";
import { productCards } from "../catalog/catalog.service.ts";
import * as repo from "./favorites.repository.ts";

// Favourites (the wishlist): listing and toggling. Catalogue answers are the same for everyone, so
// the hearts on product cards read the shopper's ids from `favoriteProductIds` instead.

/** The user's favourite listed products, newest first, at most FAVORITE_IDS_MAX of them. */
export async function favoriteProductIds({ dbh }: DbDeps, userId: number): Promise<number[]> {
  return repo.favoriteIds(dbh.db, userId, { limit: FAVORITE_IDS_MAX, offset: 0 });
}

/** How many listed products the user keeps in the wishlist (the dashboard's count). */
export function favoriteCount({ dbh }: DbDeps, userId: number): Promise<number> {
  return repo.countFavorites(dbh.db, userId);
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
    products: cards,
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

/**
 * Moves a guest's favourites to the user inside the caller's transaction, which holds both users'
 * locks (the guest's cart merge); answers how many the user did not have.
 */
export function moveFavorites({ dbh }: DbDeps, guestId: number, userId: number): Promise<number> {
  return repo.moveFavorites(dbh.db, guestId, userId, clock.iso());
}
