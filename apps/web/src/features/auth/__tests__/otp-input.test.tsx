import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { OtpInput } from "../otp-input.tsx";

afterEach(cleanup);

let latest = "";
function Harness() {
  const [value, setValue] = useState("");
  latest = value;
  return (
    <I18nextProvider i18n={testI18n()}>
      <OtpInput value={value} onChange={setValue} />
    </I18nextProvider>
  );
}

const box = (n: number) => screen.getByRole("textbox", { name: `Digit ${n}` });

describe("code boxes", () => {
  it("shows four single-digit boxes", () => {
    render(<Harness />);
    expect(screen.getAllByRole("textbox")).toHaveLength(4);
  });

  it("moves to the next box on typing and joins the digits", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("4");
    expect(box(2)).toHaveFocus();
    await user.keyboard("71");
    expect(box(4)).toHaveFocus();
    await user.keyboard("9");
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(["4", "7", "1", "9"]);
    expect(latest).toBe("4719");
  });

  it("keeps only digits", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("a");
    expect(box(1)).toHaveValue("");
    expect(box(1)).toHaveFocus();
    expect(latest).toBe("");
  });

  it("takes digits typed on an Arabic keyboard as the digits they are", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("١٢۳٤");
    expect(latest).toBe("1234");
  });

  it("moves back on Backspace in an empty box and clears the previous digit", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("12");
    expect(box(3)).toHaveFocus();
    await user.keyboard("{Backspace}");
    expect(box(2)).toHaveFocus();
    expect(box(2)).toHaveValue("");
    expect(latest).toBe("1");
    await user.keyboard("{Backspace}");
    expect(box(1)).toHaveFocus();
    expect(latest).toBe("");
  });

  it("deletes a filled box's digit in place on Backspace", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard("123");
    await user.click(box(2));
    await user.keyboard("{Backspace}");
    expect(box(2)).toHaveFocus();
    expect(box(2)).toHaveValue("");
    expect(box(3)).toHaveValue("3");
    expect(latest).toBe("1 3");
  });

  it("fills every box from a pasted code", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.paste("5 8-3 0");
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(["5", "8", "3", "0"]);
    expect(latest).toBe("5830");
    expect(box(4)).toHaveFocus();
  });

  it("fills every box from a pasted code into any box", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste("2468");
    expect(latest).toBe("2468");
  });
});
