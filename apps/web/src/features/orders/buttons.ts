// Button looks shared by the order pages (links and buttons alike).
const base =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60";
export const primaryButton = `${base} bg-primary-600 text-white hover:bg-primary-700`;
export const secondaryButton = `${base} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`;
export const dangerButton = `${base} border border-rose-300 bg-white text-rose-700 hover:bg-rose-50`;
