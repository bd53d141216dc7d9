import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { NameFirst } from "./name-first.tsx";

export type DropdownProps = {
  /** the button's accessible name, when its content does not say it */
  label?: string;
  button: ReactNode;
  buttonClassName: string;
  align?: "start" | "center" | "end";
  sideOffset?: number;
  contentClassName: string;
  /** the menu's items, built from Radix's DropdownMenu parts (loaded with the menu) */
  children: (menu: typeof DropdownMenu) => ReactNode;
};

/** The Radix menu of ui/dropdown.tsx. */
export function DropdownMenuPanel({
  label,
  button,
  buttonClassName,
  align = "end",
  sideOffset = 0,
  contentClassName,
  children,
  open,
  onOpenChange,
  autoFocus,
}: DropdownProps & { open: boolean; onOpenChange: (open: boolean) => void; autoFocus: boolean }) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className={buttonClassName} autoFocus={autoFocus}>
        <NameFirst label={label} />
        {button}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={sideOffset} className={contentClassName}>
          {children(DropdownMenu)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
