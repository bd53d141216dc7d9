import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, setErrorTexts } from "../api/client.ts";
import { AUTH_STORAGE_KEY, type EndReason, onSessionEnd, useAuthStore } from "./auth-store.ts";
import { followOtherTabs } from "./session-sync.ts";

const user = { id: 7, name: "Sam", phone: null, profile_photo: null, role: "customer" as const };
const stored = (token: string | null, who: typeof user | null) =>
  JSON.stringify({ state: { token, user: who }, version: 0 });
/** What the browser fires here when another tab writes the session. */
const otherTabWrites = (value: string | null, key: string | null = AUTH_STORAGE_KEY) =>
  window.dispatchEvent(new StorageEvent("storage", { key, newValue: value, storageArea: window.localStorage }));

let ends: EndReason[];
let stops: (() => void)[];
beforeEach(() => {
  useAuthStore.setState({ token: "one", user });
  ends = [];
  stops = [onSessionEnd((r) => ends.push(r))];
});
afterEach(() => {
  for (const stop of stops) stop();
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null });
});

describe("another tab's session", () => {
  it("a sign-out there ends the session here, once, as 'other-tab'", () => {
    stops.push(followOtherTabs(() => undefined));
    otherTabWrites(stored(null, null));
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
    otherTabWrites(stored(null, null));
    expect(ends).toEqual(["other-tab"]);
  });

  it("a cleared storage there ends the session here", () => {
    stops.push(followOtherTabs(() => undefined));
    otherTabWrites(null, null);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it("a sign-in there shows the user here and asks for a refetch; a renamed profile only updates", () => {
    const signIns = vi.fn();
    stops.push(followOtherTabs(signIns));
    otherTabWrites(stored("two", { ...user, id: 8, name: "Kim" }));
    expect(useAuthStore.getState()).toMatchObject({ token: "two", user: { name: "Kim" } });
    otherTabWrites(stored("two", { ...user, id: 8, name: "Kim B" }));
    expect(useAuthStore.getState().user?.name).toBe("Kim B");
    expect(signIns).toHaveBeenCalledTimes(1);
    expect(ends).toEqual([]);
  });

  it("other keys are not the session", () => {
    stops.push(followOtherTabs(() => undefined));
    otherTabWrites("ar", "locale");
    expect(useAuthStore.getState().token).toBe("one");
  });
});

describe("a 401 from the API", () => {
  const answer401 = () =>
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "Unauthenticated.", code: "unauthenticated" }), { status: 401 }),
      ),
    );

  it("ends the session once for a burst of calls, and no caller sees the raw text", async () => {
    answer401();
    setErrorTexts({ network: () => "", sessionEnded: () => "Your session has ended.", failed: () => "" });
    stops.push(() => setErrorTexts(null));
    const results = await Promise.allSettled([call("GET /dashboard", {}), call("GET /profile", {})]);
    expect(useAuthStore.getState().token).toBeNull();
    expect(ends).toEqual(["expired"]);
    for (const r of results) {
      expect(r.status).toBe("rejected");
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({
          status: 401,
          code: "unauthenticated",
          message: "Your session has ended.",
        });
    }
  });

  it("to an old token does not end the session that replaced it", async () => {
    let release: (res: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const pending = call("GET /dashboard", {}).catch((e: unknown) => e);
    useAuthStore.setState({ token: "new", user });
    release(new Response("{}", { status: 401 }));
    await pending;
    expect(useAuthStore.getState().token).toBe("new");
    expect(ends).toEqual([]);
  });
});
