// The look of ui/fields.tsx's inputs without their full width and padding, for the controls that sit
// in a row (filters, the variant grid, surcharges): a class there cannot override `w-full`/`py-2.5`.
const LOOK =
  "rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:border-primary-500 focus:ring-2 focus:ring-primary-200 aria-[invalid=true]:border-red-500";

/** A filter's select or search box: full width on a phone, its own width from 640 px. */
export const filterControl = `${LOOK} h-10 w-full sm:w-auto`;
/** A small input in a table or list row; the caller gives its width. */
export const rowInput = `${LOOK} h-9`;
