import { type banner, IMAGE_SIZES, srcSetOf } from "@market/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { ChevronIcon } from "../../ui/icons.tsx";

type Banner = z.infer<typeof banner>;

const FRAME = "aspect-[2/1] sm:aspect-[5/2] lg:aspect-[3/1]";

/** The home hero: swipeable slides with previous/next and dot buttons; no autoplay, nothing moves on its own. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setIndex(Math.round(Math.abs(el.scrollLeft) / Math.max(1, el.clientWidth)));
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    const target = (i + banners.length) % banners.length;
    const rtl = getComputedStyle(el).direction === "rtl";
    el.scrollTo({ left: target * el.clientWidth * (rtl ? -1 : 1), behavior: "smooth" });
  };

  if (banners.length === 0) return null;
  const nav =
    "absolute top-1/2 z-10 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md hover:bg-white sm:flex";
  return (
    <section aria-roledescription="carousel" aria-label={t("catalog.featured")} className="relative">
      <div
        ref={track}
        className={`flex snap-x snap-mandatory overflow-x-auto rounded-3xl bg-slate-200 [scrollbar-width:none] ${FRAME}`}
      >
        {banners.map((b, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern labels each slide as a group
          <div
            key={b.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("catalog.slide_of", { index: i + 1, total: banners.length })}
            className="relative h-full w-full shrink-0 snap-start"
          >
            <img
              src={b.image}
              srcSet={srcSetOf(b.image)}
              sizes={IMAGE_SIZES.banner}
              alt=""
              width={1200}
              height={400}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "auto"}
              className="h-full w-full object-cover"
            />
            {/* One picture serves every language, so the words are the page's, in the reader's language. */}
            <div className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-3 bg-gradient-to-t from-slate-950/70 via-slate-950/35 to-transparent px-4 pb-9 pt-10 text-white sm:px-8 sm:pb-10">
              <div className="min-w-0">
                <h2 className="line-clamp-2 text-lg font-bold leading-snug text-balance drop-shadow sm:text-3xl">
                  {b.title}
                </h2>
                {b.subtitle && (
                  <p className="mt-1 line-clamp-2 text-xs font-medium drop-shadow sm:text-lg">{b.subtitle}</p>
                )}
              </div>
              {b.url && (
                <BannerLink url={b.url} tabIndex={i === index ? 0 : -1}>
                  {t("catalog.shop_now")}
                  <span className="sr-only">: {b.title}</span>
                </BannerLink>
              )}
            </div>
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <>
          <button
            type="button"
            className={`${nav} start-3`}
            aria-label={t("catalog.previous_slide")}
            onClick={() => go(index - 1)}
          >
            <ChevronIcon width={20} height={20} className="rotate-180 rtl:rotate-0" />
          </button>
          <button
            type="button"
            className={`${nav} end-3`}
            aria-label={t("catalog.next_slide")}
            onClick={() => go(index + 1)}
          >
            <ChevronIcon width={20} height={20} className="rtl:rotate-180" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1.5">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={t("catalog.go_to_slide", { index: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
                className="flex h-6 items-center px-0.5"
              >
                <span
                  className={`block h-2 rounded-full transition-all ${i === index ? "w-6 bg-white" : "w-2 bg-white/60"}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function BannerLink({ url, tabIndex, children }: { url: string; tabIndex: number; children: React.ReactNode }) {
  const cls =
    "inline-flex h-10 shrink-0 items-center rounded-full bg-white px-5 text-sm font-semibold text-slate-900 shadow hover:bg-primary-50 sm:h-11 sm:px-6";
  if (/^https?:\/\//.test(url))
    return (
      <a href={url} className={cls} tabIndex={tabIndex} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  return (
    <Link to={url} className={cls} tabIndex={tabIndex}>
      {children}
    </Link>
  );
}

export function BannerSkeleton() {
  return <div className={`animate-pulse rounded-3xl bg-slate-200 ${FRAME}`} aria-hidden="true" />;
}
