import type { ProductDetails, Review } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { ProductReviews } from "../product-reviews.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = {
  average: 4.5,
  count: 2,
  percentages: { "5": 50, "4": 50, "3": 0, "2": 0, "1": 0 },
  counts: { "5": 1, "4": 1, "3": 0, "2": 0, "1": 0 },
};
const review = (over: Partial<Review>): Review => ({
  id: 1,
  rating: 5,
  comment: "Great",
  created_at: "2026-11-20T10:00:00.000Z",
  user: { name: "Ada", profile_photo: null },
  verified_purchase: false,
  photos: [],
  helpful_count: 0,
  voted_helpful: false,
  mine: false,
  reply: null,
  updated_at: null,
  ...over,
});

/** Answers the reviews call by its query: all reviews, or the 4-star ones. */
function mockReviews() {
  const all = [
    review({
      id: 1,
      rating: 5,
      comment: "<img src=x onerror=alert(1)>",
      verified_purchase: true,
      photos: ["/uploads/reviews/a.png"],
    }),
    review({
      id: 2,
      rating: 4,
      comment: "Fine",
      reply: { text: "Thanks!", created_at: "2026-11-21T10:00:00.000Z" },
      mine: true,
    }),
  ];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const rating = url.searchParams.get("rating");
    const data = rating ? all.filter((r) => r.rating === Number(rating)) : all;
    const reviews = { data, total: data.length, per_page: 5, current_page: 1, last_page: 1 };
    return new Response(JSON.stringify({ message: "", data: { summary, reviews } }), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderReviews() {
  const product = { id: 7, review_summary: summary } as unknown as ProductDetails;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n()}>
        <MemoryRouter>
          <ProductReviews product={product} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("product reviews", () => {
  it("shows the count per star, marks verified purchases and shows review text as text, never as HTML; no votes on one's own", async () => {
    mockReviews();
    renderReviews();
    const items = await screen.findAllByTestId("review");
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText("Verified purchase")).toBeInTheDocument();
    expect(within(first).getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
    expect(within(first).getAllByRole("img")).toHaveLength(1);
    expect(within(first).getByRole("img")).toHaveAttribute("src", "/uploads/reviews/a.png");
    expect(within(items[1] as HTMLElement).queryByText("Verified purchase")).toBeNull();
    expect(within(items[1] as HTMLElement).getByTestId("review-reply")).toHaveTextContent("Thanks!");
    expect(screen.getByTestId("review-summary")).toHaveTextContent("2 reviews");
    // Another's review can be voted for and reported; the shopper's own offers neither.
    expect(within(first).getByRole("button", { name: "Helpful (0)" })).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "Report Ada's review" })).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryAllByRole("button")).toHaveLength(0);
  });

  it("filters by a star from its bar and sorts from the menu, asking the server each time", async () => {
    const user = userEvent.setup();
    const fetchMock = mockReviews();
    renderReviews();
    await screen.findAllByTestId("review");
    await user.click(screen.getByRole("button", { name: /Show only 4-star reviews/ }));
    await vi.waitFor(() => expect(screen.getAllByTestId("review")).toHaveLength(1));
    expect(screen.getByText("Fine")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Sort by"), "photos");
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), "http://localhost");
    expect(last.searchParams.get("photos")).toBe("1");
    expect(last.searchParams.get("rating")).toBe("4");
    await user.selectOptions(screen.getByLabelText("Sort by"), "lowest");
    const sorted = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), "http://localhost");
    expect(sorted.searchParams.get("sort")).toBe("lowest");
  });
});
