import type { Review } from "@market/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon } from "../../ui/icons.tsx";
import { Rating } from "../catalog/index.ts";
import { formatDate } from "../i18n/index.ts";

/**
 * One review: author, date, stars, the "Verified purchase" mark, the text (plain text, rendered as
 * text), photos and the shop's reply. `actions` go under it (helpful, report; reply in the Seller Centre).
 */
export function ReviewItem({
  review: r,
  actions,
  header,
}: {
  review: Review;
  actions?: ReactNode;
  header?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="review">
      <span
        className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 text-sm font-semibold text-primary-800"
        aria-hidden="true"
      >
        {r.user.profile_photo ? (
          <img
            src={r.user.profile_photo}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : (
          r.user.name.slice(0, 1).toUpperCase()
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {header}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <bdi className="text-sm font-semibold text-slate-900">{r.user.name}</bdi>
          <time dateTime={r.created_at} className="text-xs text-slate-500">
            <bdi>{formatDate(r.created_at, i18n.language)}</bdi>
          </time>
          {r.verified_purchase && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
              <CheckIcon className="size-3.5" />
              {t("reviews.verified_purchase")}
            </span>
          )}
          {r.updated_at && <span className="text-xs text-slate-400">{t("reviews.edited")}</span>}
        </div>
        <Rating value={r.rating} />
        {/* People's own text keeps its own direction (an English review on an Arabic page). */}
        {r.comment && (
          <p dir="auto" className="whitespace-pre-line break-words text-start text-sm leading-6 text-slate-700">
            {r.comment}
          </p>
        )}
        {r.photos.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-2">
            {r.photos.map((url) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={url}
                    alt={t("reviews.photo_by", { name: r.user.name })}
                    width={72}
                    height={72}
                    loading="lazy"
                    className="size-18 rounded-lg border border-slate-200 object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {r.reply && <ShopReply text={r.reply.text} />}
        {actions && <div className="mt-2 flex flex-wrap items-center gap-3">{actions}</div>}
      </div>
    </li>
  );
}

/** The shop's public answer under a review. */
export function ShopReply({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 rounded-xl bg-slate-50 p-3 text-sm" data-testid="review-reply">
      <p className="text-xs font-semibold text-slate-700">{t("reviews.shop_reply")}</p>
      <p dir="auto" className="mt-1 whitespace-pre-line break-words text-start text-slate-700">
        {text}
      </p>
    </div>
  );
}
