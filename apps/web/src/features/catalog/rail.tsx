import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ChevronIcon } from "../../ui/icons.tsx";

function step(track: HTMLElement, dir: 1 | -1) {
  const rtl = getComputedStyle(track).direction === "rtl";
  track.scrollBy({ left: dir * (rtl ? -1 : 1) * track.clientWidth * 0.9, behavior: "smooth" });
}

/** A horizontally scrolling row (touch swipe, trackpad, or the arrow buttons) of equal-width items. */
export function Rail({
  label,
  children,
  itemClass = "w-40 sm:w-52",
}: {
  label: string;
  children: ReactNode[];
  itemClass?: string;
}) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const arrow =
    "absolute top-1/3 z-10 hidden size-10 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-700 shadow-md hover:text-primary-700 sm:flex";
  return (
    <div className="relative">
      <ul
        ref={track}
        aria-label={label}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:scroll-px-0 sm:gap-4 sm:px-0"
      >
        {children.map((child, i) => (
          // A phone shows two or three of a rail's cards: the others are drawn when scrolled near (their
          // height until then is the row's, which the cards in view set).
          // biome-ignore lint/suspicious/noArrayIndexKey: the children are keyed by the caller's order
          <li key={i} className={`render-near-view shrink-0 snap-start [--near-view-height:1px] ${itemClass}`}>
            {child}
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-label={t("catalog.scroll_previous")}
        className={`${arrow} -start-4`}
        onClick={() => track.current && step(track.current, -1)}
      >
        <ChevronIcon width={20} height={20} className="rotate-180 rtl:rotate-0" />
      </button>
      <button
        type="button"
        aria-label={t("catalog.scroll_next")}
        className={`${arrow} -end-4`}
        onClick={() => track.current && step(track.current, 1)}
      >
        <ChevronIcon width={20} height={20} className="rtl:rotate-180" />
      </button>
    </div>
  );
}
