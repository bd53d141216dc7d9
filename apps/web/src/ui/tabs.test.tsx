import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../test-utils.ts";
import { Tabs } from "./tabs.tsx";

function LanguageForm({ lng }: { lng: string }) {
  return (
    <I18nextProvider i18n={testI18n(lng)}>
      <Tabs
        label="Languages"
        tabs={["English", "Arabic", "French"].map((name) => ({
          value: name,
          title: name,
          invalid: name === "French",
          panel: <input aria-label={`Name in ${name}`} />,
        }))}
      />
    </I18nextProvider>
  );
}

afterEach(cleanup);

describe("Tabs", () => {
  it("moves between tabs with the arrow keys, Home and End, and Tab goes on into the chosen panel", async () => {
    const user = userEvent.setup();
    render(<LanguageForm lng="en" />);
    const tab = (name: string) => screen.getByRole("tab", { name });
    await user.tab();
    expect(tab("English")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tab("Arabic")).toHaveFocus();
    expect(tab("Arabic")).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{End}");
    expect(tab("French")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(tab("English")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(tab("French")).toHaveFocus();
    // One stop for the list: Tab leaves it for the chosen panel's field.
    await user.tab();
    expect(screen.getByRole("textbox", { name: "Name in French" })).toHaveFocus();
    // Every panel stays in the form, hidden while another tab is chosen.
    expect(screen.getByLabelText("Name in Arabic", { selector: "input" })).not.toBeVisible();
    expect(tab("French").className).toContain("text-red-700");
  });

  it("follows the page's direction: in Arabic the left arrow goes to the next tab", async () => {
    const user = userEvent.setup();
    render(<LanguageForm lng="ar" />);
    await user.tab();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Arabic" })).toHaveFocus();
  });
});
