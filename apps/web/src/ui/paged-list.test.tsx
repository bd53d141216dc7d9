import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../test-utils.ts";
import { PagedList } from "./paged-list.tsx";

afterEach(cleanup);

function show(props: Partial<Parameters<typeof PagedList<string>>[0]>) {
  const onReload = vi.fn();
  const onPageChange = vi.fn();
  const ui: ReactNode = (
    <PagedList<string>
      list={undefined}
      isError={false}
      onReload={onReload}
      page={1}
      perPage={2}
      onPageChange={onPageChange}
      empty={<p>Nothing here</p>}
      skeleton={<p>Loading</p>}
      {...props}
    >
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
  render(<I18nextProvider i18n={testI18n()}>{ui}</I18nextProvider>);
  return { onReload, onPageChange };
}

describe("<PagedList>", () => {
  it("shows the skeleton until the first page is read", () => {
    show({});
    expect(screen.getByText("Loading")).toBeInTheDocument();
  });

  it("tells of a failed read, even over an older page, and reloads on request", () => {
    const { onReload } = show({ isError: true, list: { data: ["a"], total: 1 } });
    expect(screen.queryByText("a")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it("shows the empty state for a page without rows", () => {
    const { onPageChange } = show({ list: { data: [], total: 0 } });
    expect(screen.getByText("Nothing here")).toBeInTheDocument();
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it("goes to the last page, in place of the address, from a page past it", () => {
    const { onPageChange } = show({ page: 99, list: { data: [], total: 5 } });
    expect(onPageChange).toHaveBeenCalledExactlyOnceWith(3, { replace: true });
  });

  it("shows the rows over the page numbers", () => {
    const { onPageChange } = show({ list: { data: ["a", "b"], total: 5 } });
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["a", "b"]);
    fireEvent.click(screen.getByRole("button", { name: "3" }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
