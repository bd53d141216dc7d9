import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store.ts";
import { useChatStore } from "../../chat/index.ts";
import { NotificationBell } from "../notification-bell.tsx";
import { englishNotifications } from "./english.ts";

const user = { id: 7, name: "Demo Shopper", profile_photo: null, phone: null, role: "customer" as const };
let unread = 0;
let items: unknown[] = [];

beforeEach(() => {
  useAuthStore.setState({ token: "t", user });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/notifications/unread") return new Response(JSON.stringify({ data: { unread } }));
      if (url.pathname === "/api/notifications")
        return new Response(
          JSON.stringify({
            data: { data: items, total: items.length, per_page: 10, current_page: 1, last_page: 1, unread },
          }),
        );
      return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  items = [];
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null });
});

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function BellAndLocation() {
  return (
    <>
      <NotificationBell scope="user" className="" />
      <Location />
    </>
  );
}

function renderBell(queryClient: QueryClient) {
  const i18n = englishNotifications();
  const router = createMemoryRouter([{ path: "*", element: <BellAndLocation /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("the notification bell", () => {
  it("offers no 'mark all as read' with nothing unread", async () => {
    unread = 0;
    renderBell(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await userEvent.click(await screen.findByTestId("notification-bell-user"));
    await screen.findByText("No notifications yet.");
    expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  });

  it("dates a notification as the order pages do, and leads a ticket's answer to the ticket", async () => {
    unread = 1;
    items = [
      {
        id: 3,
        kind: "ticket_answered",
        order_id: null,
        return_id: null,
        params: { code: "TK-AB12CD34EF" },
        read: false,
        created_at: "2026-12-01T12:00:00.000Z",
      },
    ];
    renderBell(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    await userEvent.click(await screen.findByTestId("notification-bell-user"));
    const item = await screen.findByTestId("notification-item");
    expect(item).toHaveTextContent("Support answered your ticket \u2068TK-AB12CD34EF\u2069.");
    // "12:00 pm, 01 Dec, 2026" in the machine's time zone
    expect(item.querySelector("time")?.textContent).toMatch(/^\d\d:\d\d [ap]m, \d\d Dec, 2026$/);
    await userEvent.click(item);
    expect(screen.getByTestId("location").textContent).toBe("/support-ticket/TK-AB12CD34EF");
  });

  it("reads the shopper's orders again when a notification arrives, and nothing else of the account", async () => {
    unread = 1;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = ["account", "GET /orders", { query: { page: 1 } }];
    const order = ["account", "GET /orders/:id", { params: { id: 5 } }];
    const profile = ["account", "GET /profile", {}];
    const shopOrders = ["seller-orders", "GET /seller/orders", { query: { page: 1 } }];
    for (const key of [list, order, profile, shopOrders]) queryClient.setQueryData(key, {});
    renderBell(queryClient);
    await screen.findByTestId("notification-count");
    act(() => useChatStore.setState({ lastNotification: { id: 1, unread: 2, to: "user" } }));
    const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(list)).toBe(true);
    expect(invalidated(order)).toBe(true);
    expect(invalidated(profile)).toBe(false);
    expect(invalidated(shopOrders)).toBe(false);
  });
});
