import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { Countdown } from "../countdown.tsx";
import { catalogKeys } from "../queries.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function show(endsInMs: number) {
  const client = new QueryClient();
  const refreshed = vi.spyOn(client, "invalidateQueries");
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n()}>
        <Countdown endDate={new Date(Date.now() + endsInMs).toISOString()} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return refreshed;
}

describe("<Countdown>", () => {
  it("reads the catalogue again when the sale ends, and once more after the server's cache", () => {
    const refreshed = show(4500);
    expect(screen.getByRole("timer")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(refreshed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText("This sale has ended")).toBeInTheDocument();
    expect(refreshed).toHaveBeenCalledExactlyOnceWith({ queryKey: catalogKeys.all });
    act(() => vi.advanceTimersByTime(6000));
    expect(refreshed).toHaveBeenCalledTimes(2);
  });

  it("does not read again for a sale already over when the page opened", () => {
    const refreshed = show(-1000);
    act(() => vi.advanceTimersByTime(10_000));
    expect(refreshed).not.toHaveBeenCalled();
  });
});
