import type { Page } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { PageView } from "../page-view.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(answer: Page) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ message: "", data: answer }), { status: 200 })),
  );
  const router = createMemoryRouter([{ path: "/", element: <PageView slug={answer.slug} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={testI18n("ar")}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("PageView in a language the page has no translation in", () => {
  it("marks the fallback body with its language and its own direction, and leaves the translated title alone", async () => {
    renderPage({ slug: "about-us", title: "من نحن", body: "<p>Our story.</p>", body_lang: "en" });
    const heading = await screen.findByRole("heading", { level: 1, name: "من نحن" });
    expect(heading).not.toHaveAttribute("lang");
    const body = screen.getByText("Our story.").parentElement;
    expect(body).toHaveAttribute("lang", "en");
    expect(body).toHaveAttribute("dir", "auto");
  });

  it("marks nothing when every text is in the page's language", async () => {
    renderPage({ slug: "about-us", title: "من نحن", body: "<p>قصتنا.</p>" });
    await screen.findByText("قصتنا.");
    expect(document.querySelector("[lang]")).toBeNull();
  });
});
