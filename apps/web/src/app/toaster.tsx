import { TOAST_DEFAULT_MS, TOAST_MAX } from "@market/contract";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner } from "sonner";
import type { Direction } from "../features/i18n/index.ts";

/**
 * Toasts: 5 s, at most 20 (spec section 9), at the top centre. The spec's bottom corner covered
 * what the shopper had just pressed, a form's button or a card's Add to Cart (issue 21, item 10;
 * docs/decisions.md); the page's actions sit below its top, and a toast's own buttons go with it.
 * On a phone the toast spans the screen's width, so it starts below the header (top bar 36 px,
 * navbar 64 px): the menu, search, wishlist and cart buttons stay free while it shows.
 */
const PHONE_HEADER_PX = 100;

/** sonner's rich colours, darker: its own texts read at about 4.3:1 on their backgrounds, under WCAG's 4.5:1. */
const READABLE_TEXT = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 36%)",
  "--warning-text": "hsl(31, 92%, 30%)",
  "--error-text": "hsl(360, 100%, 38%)",
} as CSSProperties;

export function Toaster({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  return (
    <Sonner
      containerAriaLabel={t("notifications.title")}
      toastOptions={{ closeButtonAriaLabel: t("common.close") }}
      position="top-center"
      mobileOffset={{ top: PHONE_HEADER_PX + 8 }}
      dir={direction}
      duration={TOAST_DEFAULT_MS}
      visibleToasts={TOAST_MAX}
      richColors
      style={READABLE_TEXT}
      closeButton
    />
  );
}
