import { CARDS_MAX, STORAGE_KEYS } from "@market/contract";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { onAccountLeft } from "../../lib/auth-store.ts";

/** How many product pages this browser remembers; a product page shows the others of them. */
const KEPT = 12;

type RecentlyViewed = {
  /** product ids, the last opened first */
  ids: number[];
  viewed: (id: number) => void;
};

// In this browser only: the server keeps no history of what a shopper looked at.
export const useRecentlyViewed = create<RecentlyViewed>()(
  persist(
    (set) => ({
      ids: [],
      viewed: (id) => set(({ ids }) => ({ ids: [id, ...ids.filter((i) => i !== id)].slice(0, KEPT) })),
    }),
    { name: STORAGE_KEYS.recentlyViewed, partialize: ({ ids }) => ({ ids }) },
  ),
);

onAccountLeft(() => useRecentlyViewed.setState({ ids: [] }));

/** The products to show beside `current`: the others viewed, the last first (at most what one call answers). */
export function othersViewed(ids: number[], current: number): number[] {
  return ids.filter((id) => id !== current).slice(0, Math.min(KEPT, CARDS_MAX));
}
