import { buttonClass } from "../../ui/button.tsx";

// What the category menu's button and its lazily loaded panel share.

export const categoryButtonClass = `${buttonClass("primary", "none")} inline-flex h-11 shrink-0 items-center gap-2 whitespace-nowrap rounded-lg px-4 text-sm`;
/** How the menu was first opened: by pointing at the button, by a key, or by a press. */
export type MenuStart = { hover: boolean; keyboard: boolean };
