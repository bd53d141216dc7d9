import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store.ts";
import { testI18n } from "../../../test-utils.ts";
import { FavoriteButton } from "../favorite-button.tsx";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The favourites API: ids 1 at first; each toggle waits for `answerToggle` (true = the server fails it). */
function favouritesServer() {
  const ids = new Set([1]);
  const calls: string[] = [];
  let answerToggle: (fail: boolean) => void = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const route = `${init?.method ?? "GET"} ${new URL(String(input), "http://localhost").pathname}`;
      calls.push(route);
      if (route === "GET /api/favorites/ids") return json(200, { message: "", data: { product_ids: [...ids] } });
      if (route !== "POST /api/favorite-add-or-remove") return json(404, { message: "Not Found" });
      const id = JSON.parse(String(init?.body)).product_id as number;
      const fail = await new Promise<boolean>((resolve) => {
        answerToggle = resolve;
      });
      if (fail) return json(500, { message: "Server Error", code: "server_error" });
      const added = !ids.delete(id);
      if (added) ids.add(id);
      return json(200, { message: "", data: { product_id: id, is_favorite: added, count: ids.size } });
    }),
  );
  return { calls, answer: (fail = false) => answerToggle(fail) };
}

function renderHearts() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n()}>
        <FavoriteButton product={{ id: 1, name: "Lamp" }} />
        <FavoriteButton product={{ id: 2, name: "Rug" }} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const heart = (name: string) => screen.getByRole("button", { name: new RegExp(name) });

beforeEach(() => {
  useAuthStore.setState({ token: "t", user: { id: 1, name: "A", phone: null, profile_photo: null, role: "customer" } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null });
});

describe("the wishlist heart", () => {
  it("is filled for the shopper's favourites, from one call for every card", async () => {
    const server = favouritesServer();
    renderHearts();
    await waitFor(() => expect(heart("Lamp")).toHaveAttribute("aria-pressed", "true"));
    expect(heart("Rug")).toHaveAttribute("aria-pressed", "false");
    expect(server.calls.filter((c) => c === "GET /api/favorites/ids")).toHaveLength(1);
  });

  it("fills at once on a click, and empties again when the server fails the toggle", async () => {
    const user = userEvent.setup();
    const server = favouritesServer();
    renderHearts();
    await waitFor(() => expect(heart("Lamp")).toHaveAttribute("aria-pressed", "true"));

    await user.click(heart("Add Rug"));
    expect(heart("Rug")).toHaveAttribute("aria-pressed", "true");
    server.answer();
    await waitFor(() => expect(heart("Rug")).toBeEnabled());
    expect(heart("Rug")).toHaveAttribute("aria-pressed", "true");

    await user.click(heart("Remove Lamp"));
    expect(heart("Lamp")).toHaveAttribute("aria-pressed", "false");
    server.answer(true);
    await waitFor(() => expect(heart("Lamp")).toHaveAttribute("aria-pressed", "true"));
  });
});
