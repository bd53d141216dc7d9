import { lazy, Suspense, useState } from "react";
// Type-only (erased): the panel module itself loads when the dialog first opens.
import type { DialogProps } from "./dialog-panel.tsx";

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
