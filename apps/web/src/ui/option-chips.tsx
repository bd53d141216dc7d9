import type { ReactNode } from "react";

const CHIP =
  "inline-flex h-10 min-w-12 items-center justify-center gap-2 rounded-xl border border-slate-300 px-3 text-sm font-medium text-slate-800 peer-checked:border-primary-600 peer-checked:ring-2 peer-checked:ring-primary-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-slate-900 hover:border-slate-400";

/** One choice among a product's sizes or colours: a radio group drawn as chips (with a swatch for colours). */
export function OptionChips<T extends { id: number; name: string }>({
  legend,
  name,
  options,
  value,
  onChange,
  swatch,
  extra,
}: {
  legend: ReactNode;
  /** the radio group's name, unique on the page */
  name: string;
  options: T[];
  value: number;
  onChange: (id: number) => void;
  /** a colour's code, drawn before its name */
  swatch?: (option: T) => string;
  /** shown after the name, e.g. a surcharge */
  extra?: (option: T) => ReactNode;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label key={o.id} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              className="peer sr-only"
              checked={value === o.id}
              onChange={() => onChange(o.id)}
            />
            <span className={CHIP}>
              {swatch && (
                <span
                  className="size-5 rounded-full border border-black/10"
                  style={{ backgroundColor: swatch(o) }}
                  aria-hidden="true"
                />
              )}
              {o.name}
              {extra?.(o)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
