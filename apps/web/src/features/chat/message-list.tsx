import { type ChatMessage, type ChatProduct, srcSetOf } from "@market/contract";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productPath } from "../../lib/product-path.ts";
import { MessageText } from "../../ui/message-text.tsx";
import { formatRating } from "../i18n/index.ts";
import { Price } from "../settings/index.ts";
import { chatTime } from "./chat-time.ts";

/** Optimistic messages carry negative ids until the server's copy replaces them. */
export const isPending = (m: ChatMessage) => m.id < 0;

function ProductCard({ product }: { product: ChatProduct }) {
  const { t, i18n } = useTranslation();
  const discounted = product.discount_price > 0;
  return (
    <Link
      to={productPath(product)}
      className="flex w-64 max-w-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 text-start text-slate-900 shadow-sm hover:border-primary-300"
    >
      <img
        src={product.thumbnail}
        srcSet={srcSetOf(product.thumbnail)}
        sizes="64px"
        alt=""
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="line-clamp-2 text-sm font-medium">{product.name}</span>
        <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Price
            amount={discounted ? product.discount_price : product.price}
            className="font-semibold text-primary-700"
          />
          {discounted && <Price amount={product.price} className="text-xs text-slate-500 line-through" />}
        </span>
        <span className="text-xs text-slate-600">
          <span className="text-amber-500" aria-hidden="true">
            ★
          </span>{" "}
          {t("chat.rating", { rating: formatRating(product.rating, i18n.language), count: product.total_reviews })}
        </span>
      </span>
    </Link>
  );
}

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const pending = isPending(message);
  return (
    <li className={`flex flex-col gap-1 ${mine ? "items-end" : "items-start"}`}>
      {message.message === null ? (
        message.product && <ProductCard product={message.product} />
      ) : (
        <p
          // Each message reads in its own text's direction, whatever the page's language.
          dir="auto"
          className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed ${
            mine
              ? "rounded-ee-md bg-primary-600 text-white"
              : "rounded-es-md bg-white text-slate-900 shadow-sm ring-1 ring-slate-200"
          } ${pending ? "opacity-70" : ""}`}
        >
          <MessageText text={message.message} />
        </p>
      )}
      <span className="px-1 text-[11px] text-slate-500">
        {pending ? t("chat.sending") : chatTime(message.created_at)}
      </span>
    </li>
  );
}

type Props = {
  messages: ChatMessage[];
  /** which side the viewer writes on: the shopper ("user") or the shop ("shop") */
  side: ChatMessage["type"];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** older pages load when scrolled within this many px of the top (50 in the panel, 300 on /massages) */
  topThreshold: number;
  label: string;
};

/**
 * A conversation, oldest at the top. Opens at the newest message, follows new ones while the reader
 * is at the bottom, and keeps the reader's place when an older page is put above.
 */
export function MessageList({ messages, side, hasOlder, loadingOlder, onLoadOlder, topThreshold, label }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first?: number; last?: number; height: number; top: number }>({ height: 0, top: 0 });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = seen.current;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    if (last !== before.last) {
      const wasAtBottom = before.height - before.top - el.clientHeight < 120;
      if (before.last === undefined || wasAtBottom || messages.at(-1)?.type === side) el.scrollTop = el.scrollHeight;
    } else if (first !== before.first) {
      // An older page went on top: keep the same message under the reader's eyes.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    }
    seen.current = { first, last, height: el.scrollHeight, top: el.scrollTop };
    // A short conversation does not scroll, so no scroll event would ever ask for older pages.
    if (hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight + topThreshold) onLoadOlder();
  }, [messages, side, hasOlder, loadingOlder, onLoadOlder, topThreshold]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    seen.current = { ...seen.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop <= topThreshold && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div
      ref={ref}
      onScroll={onScroll}
      role="log"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the conversation
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-500"
    >
      {loadingOlder && (
        <p className="pb-2 text-center text-xs text-slate-500" role="status">
          {t("chat.loading_older")}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {messages.map((m) => (
          <Bubble key={m.id} message={m} mine={m.type === side} />
        ))}
      </ol>
    </div>
  );
}
