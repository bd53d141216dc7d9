import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { SortSelect } from "../sort-select.tsx";

afterEach(cleanup);

function renderSelect(props: { value?: "newest" | "low_to_high"; searching: boolean }) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={testI18n()}>
      <SortSelect value={props.value} searching={props.searching} onChange={onChange} />
    </I18nextProvider>,
  );
  const select = screen.getByLabelText("Sort by") as HTMLSelectElement;
  const options = within(select)
    .getAllByRole("option")
    .map((o) => o.textContent);
  return { select, options, onChange };
}

describe("SortSelect", () => {
  it("shows a list without a search at its own order, newest first, and offers no best match", async () => {
    const { select, options, onChange } = renderSelect({ searching: false });
    expect(select.selectedOptions[0]?.textContent).toBe("Newest");
    expect(options.filter((o) => o === "Newest")).toHaveLength(1);
    expect(options).not.toContain("Best match");
    await userEvent.selectOptions(select, "low_to_high");
    expect(onChange).toHaveBeenCalledWith("low_to_high");
  });

  it("starts a search at the best matches, with newest first among the other orders", async () => {
    const { select, options, onChange } = renderSelect({ searching: true });
    expect(options[0]).toBe("Best match");
    expect(options).toContain("Newest");
    expect(select.selectedOptions[0]?.textContent).toBe("Best match");
    await userEvent.selectOptions(select, "newest");
    expect(onChange).toHaveBeenCalledWith("newest");
  });
});
