import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubmitButton } from "./fields.tsx";

function Form({ busy, onSubmit }: { busy: boolean; onSubmit: () => void }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Name" />
      <SubmitButton busy={busy}>Save</SubmitButton>
    </form>
  );
}

describe("SubmitButton", () => {
  let unmount = () => {};
  afterEach(() => unmount());

  it("keeps the keyboard's focus while the form is sent, and does not send it twice", () => {
    const onSubmit = vi.fn();
    const view = render(<Form busy={false} onSubmit={onSubmit} />);
    unmount = view.unmount;
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    view.rerender(<Form busy onSubmit={onSubmit} />);
    expect(save).not.toHaveAttribute("disabled");
    expect(save).toHaveAttribute("aria-disabled", "true");
    expect(save).toHaveAttribute("aria-busy", "true");
    expect(document.activeElement).toBe(save);
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    view.rerender(<Form busy={false} onSubmit={onSubmit} />);
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
