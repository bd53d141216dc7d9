import { lazy, type ReactNode, Suspense, useState } from "react";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** "center" (modal) or "start" (a sheet sliding in from the reading start side) */
  variant?: "center" | "start";
  /** a worded close button (e.g. 'Done') in place of the × */
  closeLabel?: string;
  className?: string;
};

const Panel = lazy(() => import("./dialog-panel.tsx").then((m) => ({ default: m.DialogPanel })));

/**
 * A modal dialog (Radix: focus trap, Escape, labelled by its title). Its code loads when it first
 * opens, so the dialogs a page holds closed (the header's search and menu) cost its start nothing.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense>
      <Panel {...props} />
    </Suspense>
  );
}
