import type { ComponentProps } from "react";

const VARIANTS = {
  /** the page's or dialog's main action */
  primary: "bg-primary-600 text-white hover:bg-primary-700",
  /** a main action that deletes or ends something (a confirmation's Yes) */
  danger: "bg-red-600 text-white hover:bg-red-700",
  /** a second action beside a main one (Cancel, Back); on a tinted background add `bg-white` */
  outline: "border border-slate-300 text-slate-700 hover:bg-slate-50",
  /** a second action that cancels something (Cancel order) */
  "danger-outline": "border border-rose-300 bg-white text-rose-700 hover:bg-rose-50",
} as const;

// The boxes the app's buttons use. `none` leaves the box to the caller: a button joined to a field,
// a round icon button, a full-height bar.
const SIZES = {
  xs: "rounded-lg px-3 py-1.5 text-xs",
  sm: "rounded-lg px-4 py-2 text-sm",
  "sm-wide": "rounded-lg px-5 py-2 text-sm",
  md: "rounded-lg px-4 py-2.5 text-sm",
  lg: "rounded-lg px-5 py-2.5 text-sm",
  xl: "rounded-lg px-6 py-2.5 text-sm",
  /** as tall as the 40 px fields beside it */
  field: "h-10 rounded-lg px-4 text-sm",
  none: "",
} as const;

const WEIGHTS = { semibold: "font-semibold", medium: "font-medium", none: "" } as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;
export type ButtonWeight = keyof typeof WEIGHTS;

/**
 * The classes of a button's look, for what must look like a button but is not one (a link, a menu's
 * trigger). Layout (`w-full`, `inline-flex`) and the disabled look (`disabled:opacity-60`) are the
 * caller's, added after these: they differ from place to place.
 */
export function buttonClass(
  variant: ButtonVariant,
  size: ButtonSize = "md",
  weight: ButtonWeight = "semibold",
): string {
  return [VARIANTS[variant], SIZES[size], WEIGHTS[weight]].filter(Boolean).join(" ");
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  weight?: ButtonWeight;
};

/**
 * A `<button>` (type "button" unless given) with the app's look, dimmed while disabled (a submit
 * waiting for its field must not look clickable); every other prop and the ref go to it.
 */
export function Button({
  variant = "primary",
  size = "md",
  weight,
  type = "button",
  className,
  ...props
}: ButtonProps) {
  const look = `${buttonClass(variant, size, weight)} disabled:cursor-not-allowed disabled:opacity-60`;
  return <button type={type} className={className ? `${look} ${className}` : look} {...props} />;
}
