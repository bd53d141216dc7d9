import type { ReactNode } from "react";

// http(s) URLs and bare www. hosts; anything else (javascript:, data:, HTML) stays text.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Sentence punctuation right after a link belongs to the sentence, not the address.
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A chat or ticket message as React text with its links as anchors opening in a new tab. The text is never
 * parsed as HTML, so `<script>` or `<img onerror>` in a message shows as the characters typed.
 */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    const href = url.toLowerCase().startsWith("www.") ? `https://${url}` : url;
    // A URL reads left to right; isolated, its Arabic path segments keep their place in it.
    parts.push(
      <a
        key={start}
        dir="ltr"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all underline underline-offset-2 hover:opacity-80"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  // "anywhere", unlike "break-word", lets a long word shrink the bubble's smallest width, so it wraps
  // inside the bubble instead of widening the page.
  return <span className="whitespace-pre-wrap wrap-anywhere">{parts}</span>;
}
