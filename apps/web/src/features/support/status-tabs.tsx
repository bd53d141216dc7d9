type Props<V extends string> = {
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
};

/** A row of filter buttons; the chosen one is pressed. Scrolls sideways on narrow screens. */
export function StatusTabs<V extends string>({ label, value, options, onChange }: Props<V>) {
  return (
    <fieldset className="-mx-1 flex min-w-0 gap-1.5 overflow-x-auto px-1 pb-1 md:flex-wrap">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
            o.value === value
              ? "border-primary-600 bg-primary-600 text-white"
              : "border-slate-200 bg-white text-slate-700 hover:border-primary-300 hover:text-primary-700"
          }`}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
