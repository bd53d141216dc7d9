import { TOAST_DEFAULT_MS, TOAST_MAX } from "@market/contract";
import { Toaster as Sonner } from "sonner";
import type { Direction } from "../features/i18n/index.ts";

/** Toasts: bottom-left, bottom-right in right-to-left languages; 5 s; at most 20 (spec sections 8, 9). */
export function Toaster({ direction }: { direction: Direction }) {
  return (
    <Sonner
      position={direction === "rtl" ? "bottom-right" : "bottom-left"}
      dir={direction}
      duration={TOAST_DEFAULT_MS}
      visibleToasts={TOAST_MAX}
      richColors
      closeButton
    />
  );
}
