import { LAST_SEEN_PING_MS } from "@market/contract";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store.ts";
import { usePresencePing } from "../presence.ts";

const user = { id: 1, name: "A", phone: null, profile_photo: null, role: "customer" as const };
let fetchMock: ReturnType<typeof vi.fn>;
const pings = () => fetchMock.mock.calls.filter(([url]) => String(url) === "/api/update-last-seen");

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { last_online: "" } })));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null });
});

describe("the presence ping", () => {
  it("pings on load and every 10 minutes while signed in, stops on logout, restarts at once on login", () => {
    useAuthStore.setState({ token: "one", user });
    renderHook(() => usePresencePing());
    expect(pings()).toHaveLength(1);
    expect(pings()[0]?.[1]).toMatchObject({ method: "POST", body: "{}" });

    act(() => vi.advanceTimersByTime(LAST_SEEN_PING_MS - 1));
    expect(pings()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(pings()).toHaveLength(2);

    act(() => useAuthStore.setState({ token: null, user: null }));
    act(() => vi.advanceTimersByTime(3 * LAST_SEEN_PING_MS));
    expect(pings()).toHaveLength(2);

    act(() => useAuthStore.setState({ token: "two", user }));
    expect(pings()).toHaveLength(3);
    act(() => vi.advanceTimersByTime(LAST_SEEN_PING_MS));
    expect(pings()).toHaveLength(4);
  });

  it("does not ping for a visitor", () => {
    renderHook(() => usePresencePing());
    act(() => vi.advanceTimersByTime(2 * LAST_SEEN_PING_MS));
    expect(pings()).toHaveLength(0);
  });
});
