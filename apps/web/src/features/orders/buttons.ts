import { buttonClass } from "../../ui/button.tsx";

// Button looks shared by the order pages (links and buttons alike): centred, greyed while busy.
const extras =
  "inline-flex items-center justify-center transition disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
export const primaryButton = `${buttonClass("primary", "sm")} ${extras}`;
export const secondaryButton = `${buttonClass("outline", "sm")} bg-white ${extras}`;
export const dangerButton = `${buttonClass("danger-outline", "sm")} ${extras}`;
