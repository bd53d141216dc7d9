import { DropdownMenu } from "radix-ui";
import type { DropdownProps } from "./dropdown.tsx";

/** The Radix menu of ui/dropdown.tsx. */
export function DropdownMenuPanel({
  label,
  button,
  buttonClassName,
  align = "end",
  sideOffset = 0,
  contentClassName,
  children,
  defaultOpen,
  autoFocus,
}: DropdownProps & { defaultOpen: boolean; autoFocus: boolean }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={label} className={buttonClassName} autoFocus={autoFocus}>
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
