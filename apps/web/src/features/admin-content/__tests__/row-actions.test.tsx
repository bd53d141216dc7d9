import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { RowActions } from "../shared.tsx";

/** A list whose moves and deletes answer a moment later, as the server's do. */
function Rows({ names }: { names: string[] }) {
  const [rows, setRows] = useState(names);
  const [busy, setBusy] = useState(false);
  const later = (next: string[]) => {
    setBusy(true);
    setTimeout(() => {
      setRows(next);
      setBusy(false);
    }, 20);
  };
  const swap = (i: number, j: number) => rows.map((r, k) => (k === i ? rows[j] : k === j ? rows[i] : r) as string);
  return (
    <main>
      <h1>Menus</h1>
      <ul>
        {rows.map((r, i) => (
          <li key={r}>
            <RowActions
              name={r}
              busy={busy}
              onUp={i > 0 ? () => later(swap(i, i - 1)) : null}
              onDown={i < rows.length - 1 ? () => later(swap(i, i + 1)) : null}
              onEdit={() => {}}
              onDelete={() => later(rows.filter((x) => x !== r))}
            />
          </li>
        ))}
      </ul>
    </main>
  );
}

const renderRows = (names: string[]) =>
  render(
    <I18nextProvider i18n={testI18n()}>
      <Rows names={names} />
    </I18nextProvider>,
  );
const button = (name: string) => screen.getByRole("button", { name });

afterEach(cleanup);

describe("RowActions from the keyboard", () => {
  it("keeps the focus on the moved row's button, and on its other one at the list's end", async () => {
    const user = userEvent.setup();
    renderRows(["A", "B", "C"]);
    await user.click(button("Move A down"));
    // While the move runs the button stays focusable.
    expect(button("Move A down")).toHaveAttribute("aria-disabled", "true");
    expect(document.activeElement).toBe(button("Move A down"));
    await waitFor(() => expect(screen.getAllByRole("listitem")[1]).toContainElement(button("Move A down")));
    expect(document.activeElement).toBe(button("Move A down"));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(button("Move A down")).toBeDisabled());
    expect(document.activeElement).toBe(button("Move A up"));
  });

  it("hands a deleted row's focus to the Delete of the row in its place, then the one before, then the heading", async () => {
    const user = userEvent.setup();
    renderRows(["A", "B", "C"]);
    await user.click(button("Delete B"));
    await waitFor(() => expect(document.activeElement).toBe(button("Delete C")));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(button("Delete A")));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Menus" })));
  });
});
