import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
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

/** A form whose submit finds the French name (hidden behind its tab) too long, or also the English one. */
function CheckedForm({ englishToo }: { englishToo: boolean }) {
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <I18nextProvider i18n={testI18n("en")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors(englishToo ? ["English", "French"] : ["French"]);
        }}
      >
        <Tabs
          label="Languages"
          tabs={["English", "French"].map((name) => ({
            value: name,
            title: name,
            invalid: errors.includes(name),
            panel: <input aria-label={`Name in ${name}`} aria-invalid={errors.includes(name) || undefined} />,
          }))}
        />
        <button type="submit">Save</button>
      </form>
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

  it("shows the tab whose hidden panel a submit found invalid, and focuses its field", async () => {
    const user = userEvent.setup();
    render(<CheckedForm englishToo={false} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("tab", { name: "French" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("textbox", { name: "Name in French" })).toHaveFocus();
  });

  it("stays on the chosen tab when its own panel is invalid too", async () => {
    const user = userEvent.setup();
    render(<CheckedForm englishToo={true} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("tab", { name: "English" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "French" }).className).toContain("text-red-700");
  });
});
