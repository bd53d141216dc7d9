import type { ComponentProps } from "react";

type Props = Omit<ComponentProps<"input">, "type"> & { label: string; help?: string };

/** A labelled on/off switch (a checkbox with the switch role), its help text under the label. */
export function SwitchField({ label, help, className = "", ...input }: Props) {
  return (
    <label className={`flex cursor-pointer items-start justify-between gap-3 rounded-xl bg-slate-50 p-3 ${className}`}>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        {help && <span className="block text-xs text-slate-600">{help}</span>}
      </span>
      <span className="relative mt-0.5 inline-flex shrink-0">
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's own checked state is the switch's state */}
        <input type="checkbox" role="switch" className="peer sr-only" {...input} />
        <span
          aria-hidden="true"
          className="h-6 w-11 rounded-full bg-slate-300 transition peer-checked:bg-primary-600 peer-focus-visible:ring-2 peer-focus-visible:ring-primary-300"
        />
        <span
          aria-hidden="true"
          className="absolute start-0.5 top-0.5 size-5 rounded-full bg-white shadow transition peer-checked:translate-x-5 rtl:peer-checked:-translate-x-5"
        />
      </span>
    </label>
  );
}
