import { lazy, Suspense, startTransition, useState } from "react";
// Type-only (erased): the menu module itself loads when the button is first used.
import type { DropdownProps } from "./dropdown-menu.tsx";
import { NameFirst } from "./name-first.tsx";

const Panel = lazy(() => import("./dropdown-menu.tsx").then((m) => ({ default: m.DropdownMenuPanel })));

/**
 * A dropdown menu (Radix: keyboard, focus, dismissal) whose code loads when the shopper first points
 * at, focuses or presses its button: the header's menus cost a page's start nothing (their code, and
 * the re-render Radix does right after the first one). Until then the button is a plain one that
 * looks the same; pressed meanwhile, the menu opens as it arrives, and focus moves to its button.
 * Open or not is kept here, not in the menu: a press that comes after the menu began to load (a
 * pointer's enter, a focus) may be rendered after the menu has mounted, and must still open it.
 */
export function Dropdown(props: DropdownProps) {
  const [armed, setArmed] = useState<{ open: boolean; focus: boolean } | null>(null);
  // As a transition, the plain button stays (and keeps focus and keys) until the menu has loaded.
  const arm = (next: (a: typeof armed) => typeof armed) => startTransition(() => setArmed(next));
  const plain = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={props.buttonClassName}
      onPointerEnter={() => arm((a) => a ?? { open: false, focus: false })}
      onFocus={() => arm((a) => ({ open: a?.open ?? false, focus: true }))}
      // Radix opens on pointer down (Enter and Space make a click): the menu can arrive in between
      onPointerDown={() => arm(() => ({ open: true, focus: true }))}
      onClick={() => arm(() => ({ open: true, focus: true }))}
    >
      <NameFirst label={props.label} />
      {props.button}
    </button>
  );
  return (
    <Suspense fallback={plain}>
      {armed ? (
        <Panel
          {...props}
          open={armed.open}
          // Radix's own opens and closes; `focus` matters only as the menu mounts
          onOpenChange={(open) => setArmed({ open, focus: true })}
          autoFocus={armed.focus}
        />
      ) : (
        plain
      )}
    </Suspense>
  );
}
