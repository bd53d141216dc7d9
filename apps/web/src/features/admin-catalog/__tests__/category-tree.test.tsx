import type { AdminCategory, Master } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { masterQuery } from "../../settings/index.ts";
import { CategoryManager } from "../category-tree.tsx";

const category = (id: number, name: string): AdminCategory => ({
  id,
  name,
  slug: name.toLowerCase(),
  thumbnail: "",
  sort: id,
  translations: {},
  products_count: 0,
  sub_categories: [],
});

/** The server's categories; a move swaps two of them. */
function mockServer(list: AdminCategory[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const moved = url.pathname.match(/\/admin\/categories\/(\d+)\/move$/);
      if (moved) {
        const i = list.findIndex((c) => c.id === Number(moved[1]));
        const j = JSON.parse(String(init?.body)).direction === "up" ? i - 1 : i + 1;
        [list[i], list[j]] = [list[j] as AdminCategory, list[i] as AdminCategory];
        return Response.json({ message: "Moved.", data: null });
      }
      const data = { data: list, total: list.length, per_page: 50, current_page: 1, last_page: 1 };
      return Response.json({ message: "", data });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CategoryManager from the keyboard", () => {
  it("keeps the focus on a moved category's button, and on its other one at the list's end", async () => {
    mockServer([category(1, "Shoes"), category(2, "Bags")]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(masterQuery.queryKey, { languages: [] } as unknown as Master);
    const router = createMemoryRouter([{ path: "/", element: <CategoryManager /> }]);
    render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={testI18n()}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Move Shoes down" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Shoes down" })).toBeDisabled());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move Shoes up" }));
  });
});
