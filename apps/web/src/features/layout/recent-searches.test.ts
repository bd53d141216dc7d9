import { afterEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useRecentSearches } from "./recent-searches.ts";

const user = (id: number) => ({ id, name: `User ${id}`, phone: null, profile_photo: null, role: "customer" as const });

afterEach(() => {
  useRecentSearches.getState().clear();
  useAuthStore.getState().clear();
});

describe("recent searches", () => {
  it("keeps the last five, the newest first, each once whatever its case, and no blank one", () => {
    const { searched } = useRecentSearches.getState();
    for (const term of ["shirt", "boots", "  ", "Shirt ", "hat", "bag", "coat", "scarf"]) searched(term);
    expect(useRecentSearches.getState().terms).toEqual(["scarf", "coat", "bag", "hat", "Shirt"]);
  });

  it("is forgotten when the account signs out or another signs in, not when the same one signs in again", () => {
    useAuthStore.getState().setSession("token-1", user(1));
    useRecentSearches.getState().searched("boots");
    useAuthStore.getState().setSession("token-2", user(1));
    expect(useRecentSearches.getState().terms).toEqual(["boots"]);
    useAuthStore.getState().setSession("token-3", user(2));
    expect(useRecentSearches.getState().terms).toEqual([]);
    useRecentSearches.getState().searched("hat");
    useAuthStore.getState().clear();
    expect(useRecentSearches.getState().terms).toEqual([]);
  });

  it("keeps a guest's searches when they sign in", () => {
    useRecentSearches.getState().searched("boots");
    useAuthStore.getState().setSession("token", user(3));
    expect(useRecentSearches.getState().terms).toEqual(["boots"]);
  });
});
