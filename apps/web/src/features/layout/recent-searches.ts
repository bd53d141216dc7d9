import { STORAGE_KEYS } from "@market/contract";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { onAccountLeft } from "../../lib/auth-store.ts";

/** How many searches the empty search box offers again. */
const KEPT = 5;

type RecentSearches = {
  /** the texts searched for, the last first */
  terms: string[];
  searched: (term: string) => void;
  clear: () => void;
};

// In this browser only, as the recently viewed products are.
export const useRecentSearches = create<RecentSearches>()(
  persist(
    (set) => ({
      terms: [],
      searched: (term) =>
        set(({ terms }) => {
          const text = term.trim();
          if (!text) return { terms };
          const same = text.toLocaleLowerCase();
          return { terms: [text, ...terms.filter((t) => t.toLocaleLowerCase() !== same)].slice(0, KEPT) };
        }),
      clear: () => set({ terms: [] }),
    }),
    { name: STORAGE_KEYS.recentSearches, partialize: ({ terms }) => ({ terms }) },
  ),
);

onAccountLeft(() => useRecentSearches.getState().clear());
