import { asciiDigits, OTP_LENGTH } from "@market/contract";
import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  disabled?: boolean;
  /** the first box is where its dialog starts (`data-autofocus`, ui/focus-return.ts) */
  focusFirst?: boolean;
};

/**
 * One single-digit box per code digit (spec section 4): typing moves to the next box, Backspace
 * on an empty box moves back, and pasting the whole code fills every box.
 */
export function OtpInput({ value, onChange, length = OTP_LENGTH, disabled, focusFirst }: Props) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? "");

  const focus = (i: number) => boxes.current[Math.max(0, Math.min(length - 1, i))]?.focus();
  const setDigit = (i: number, digit: string) => {
    const next = [...digits];
    next[i] = digit;
    // Joined without gaps would shift later digits, so an empty box keeps a space until trimmed.
    onChange(
      next
        .map((d) => d || " ")
        .join("")
        .trimEnd(),
    );
  };

  const onInput = (i: number, raw: string) => {
    const only = asciiDigits(raw).replace(/\D/g, "");
    // A whole code at once (the browser's one-time-code autofill) fills every box.
    if (only.length >= length) return fill(0, only);
    let digit = only;
    if (only.length > 1) {
      // Typed into a filled box: keep the new digit, not the one that was there.
      const prev = digits[i]?.trim() ?? "";
      digit = (prev && only.startsWith(prev) ? only.slice(prev.length) : only).charAt(0);
    }
    setDigit(i, digit);
    if (digit) focus(i + 1);
  };

  const fill = (from: number, text: string) => {
    const next = [...digits];
    const chars = text.slice(0, length - from).split("");
    chars.forEach((c, k) => {
      next[from + k] = c;
    });
    onChange(
      next
        .map((d) => d || " ")
        .join("")
        .trimEnd(),
    );
    focus(from + chars.length);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Backspace" && !digits[i] && i > 0) {
      e.preventDefault();
      setDigit(i - 1, "");
      focus(i - 1);
    } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
      const forward = (e.key === "ArrowRight") !== rtl;
      e.preventDefault();
      focus(forward ? i + 1 : i - 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const text = asciiDigits(e.clipboardData.getData("text")).replace(/\D/g, "");
    if (!text) return;
    e.preventDefault();
    fill(text.length >= length ? 0 : i, text);
  };

  return (
    // Codes read left to right in every language.
    <div className="flex justify-center gap-3" dir="ltr">
      {digits.map((d, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          value={d.trim()}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
          inputMode="numeric"
          autoComplete={i === 0 ? "one-time-code" : "off"}
          disabled={disabled}
          data-autofocus={focusFirst && i === 0 ? "" : undefined}
          aria-label={t("auth.otp_digit", { n: i + 1 })}
          className="size-14 rounded-xl border border-slate-300 text-center text-2xl font-semibold text-slate-900 outline-none focus:border-primary-500 focus:ring-2 focus:ring-primary-200 disabled:bg-slate-50"
        />
      ))}
    </div>
  );
}
