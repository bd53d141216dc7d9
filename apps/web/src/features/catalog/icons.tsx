import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

const base = { width: 16, height: 16, viewBox: "0 0 24 24" } as const;

export const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

export function StarIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" {...base} fill="currentColor" {...props}>
      <path d={STAR_PATH} />
    </svg>
  );
}

export function ChevronIcon(props: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      {...base}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      {...props}
    >
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

export function TruckIcon(props: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      {...base}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      {...props}
    >
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7z" />
      <circle cx="7" cy="18" r="1.8" />
      <circle cx="17" cy="18" r="1.8" />
    </svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      {...base}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      {...props}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" {...base} fill="currentColor" {...props}>
      <path d="M13 2L4 14h6l-1 8 9-12h-6z" />
    </svg>
  );
}

export function FilterIcon(props: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      {...base}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      {...props}
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}
