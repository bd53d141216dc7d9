import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { ReviewFormDialog } from "../review-form.tsx";

afterEach(cleanup);

describe("ReviewFormDialog's errors", () => {
  it("ties the rating's error to its stars and focuses the first star after a refused submit", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={testI18n()}>
          <ReviewFormDialog open onOpenChange={() => {}} target={{ orderId: 1, product: { id: 2, name: "Lamp" } }} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole("button", { name: "Submit review" }));
    const star = screen.getByRole("radio", { name: "1 star" });
    await waitFor(() => expect(star).toHaveAttribute("aria-invalid", "true"));
    const error = document.getElementById(star.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toBeTruthy();
    expect(screen.getByRole("radio", { name: "5 stars" })).toHaveAccessibleDescription(error?.textContent ?? "");
    expect(document.activeElement).toBe(star);
  });
});
