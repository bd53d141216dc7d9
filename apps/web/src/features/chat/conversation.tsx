import type { ChatMessage, Paginated } from "@market/contract";
import { CHAT_MESSAGE_MAX } from "@market/contract";
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { randomKey, retryLostAnswer } from "../../api/client.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { SendIcon } from "../../ui/icons.tsx";
import { formatNumber } from "../i18n/index.ts";
import { MessageList } from "./message-list.tsx";
import { chatKeys } from "./queries.ts";

type Page = Paginated<ChatMessage>;
type Options<P extends Page, K extends QueryKey> = UseInfiniteQueryOptions<P, Error, InfiniteData<P>, K, number>;

let tempIds = 0;

/** Pages newest-first from the API, shown oldest-first; a message that slid across a page edge shows once. */
function flatten(pages: Page[]): ChatMessage[] {
  const ids = new Set<number>();
  const out: ChatMessage[] = [];
  for (const page of [...pages].reverse()) {
    for (const m of page.data) {
      if (ids.has(m.id)) continue;
      ids.add(m.id);
      out.push(m);
    }
  }
  return out;
}

type ConversationProps<P extends Page, K extends QueryKey> = {
  options: Options<P, K>;
  side: ChatMessage["type"];
  /** posts the message under its client id; the answer is not used (the list refetches) */
  send: (text: string, clientId: string) => Promise<unknown>;
  /** the optimistic copy of a message being sent */
  draft: (text: string, id: number, newest: P | undefined) => ChatMessage;
  header: (newest: P | undefined) => ReactNode;
  topThreshold: number;
  /** after the first load since opening, which marked the other side's messages seen */
  onOpened?: () => void;
  /** after each send settles */
  onSent?: () => void;
  autoFocus?: boolean;
};

/**
 * One conversation: header, messages (page 1 on open, older pages near the top) and the composer.
 * A sent message shows at once and is taken back, with its text returned to the box, if the send fails.
 * Each message has a client id the server stores once: a lost answer is asked for again under it,
 * and sending the returned text again keeps it, so a message that did arrive is not doubled.
 */
export function Conversation<P extends Page, K extends QueryKey>(props: ConversationProps<P, K>) {
  const { options, side, send, draft, header, topThreshold, onOpened, onSent, autoFocus } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = options.queryKey;
  const query = useInfiniteQuery(options);
  const {
    data,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    isPending: loading,
    isError,
    isFetchedAfterMount,
  } = query;
  const [text, setText] = useState("");

  // Only a load made for this opening marks messages seen: pages kept from an earlier opening
  // show at once, and counts read then would still hold the messages being marked.
  const opened = useRef(false);
  useEffect(() => {
    if (isFetchedAfterMount && !opened.current) {
      opened.current = true;
      onOpened?.();
    }
  }, [isFetchedAfterMount, onOpened]);

  const mutationKey = useMemo(() => chatKeys.send(queryKey), [queryKey]);
  const unsent = useRef<{ text: string; clientId: string } | null>(null);
  const sending = useMutation({
    mutationKey,
    mutationFn: ({ text, clientId }: { text: string; id: number; clientId: string }) => send(text, clientId),
    ...retryLostAnswer,
    onMutate: async ({ text, id }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<InfiniteData<P>>(queryKey, (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p, i) => (i === 0 ? { ...p, data: [...p.data, draft(text, id, d.pages[0])] } : p)),
            }
          : d,
      );
    },
    onSuccess: (_answer, { clientId }) => {
      if (unsent.current?.clientId === clientId) unsent.current = null;
    },
    onError: (error, { text, id, clientId }) => {
      // The spec: the sending state is reset. The text goes back in the box, and the toast says why
      // it is there ("No connection...", or the server's reason), so it is not taken for sent.
      console.error(error);
      showApiError(error);
      unsent.current = { text, clientId };
      queryClient.setQueryData<InfiniteData<P>>(queryKey, (d) =>
        d ? { ...d, pages: d.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.id !== id) })) } : d,
      );
      setText((current) => current || text);
    },
    onSettled: () => {
      // Refetch once the last of several quick sends is done, so no answer overwrites a newer draft.
      if (queryClient.isMutating({ mutationKey }) === 1) void queryClient.invalidateQueries({ queryKey });
      onSent?.();
    },
  });

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    tempIds -= 1;
    const clientId = unsent.current?.text === value ? unsent.current.clientId : randomKey();
    sending.mutate({ text: value, id: tempIds, clientId });
    setText("");
  };

  const messages = useMemo(() => flatten(data?.pages ?? []), [data]);
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const newest = data?.pages[0];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {header(newest)}
      {loading ? (
        <div className="flex flex-1 items-center justify-center bg-slate-50 text-sm text-slate-500" role="status">
          {t("chat.loading")}
        </div>
      ) : isError && !data ? (
        <div className="flex flex-1 items-center justify-center bg-slate-50 p-6 text-center text-sm text-slate-600">
          {t("chat.load_failed")}
        </div>
      ) : messages.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-1 bg-slate-50 p-6 text-center">
          <p className="font-medium text-slate-900">{t("chat.no_messages")}</p>
          <p className="text-sm text-slate-500">
            {t(side === "user" ? "chat.no_messages_text" : "chat.no_messages_seller")}
          </p>
        </div>
      ) : (
        <MessageList
          messages={messages}
          side={side}
          hasOlder={!!hasNextPage}
          loadingOlder={isFetchingNextPage}
          onLoadOlder={loadOlder}
          topThreshold={topThreshold}
          label={t("chat.conversation")}
        />
      )}
      <Composer value={text} onChange={setText} onSubmit={submit} autoFocus={autoFocus} />
    </div>
  );
}

type ComposerProps = { value: string; onChange: (v: string) => void; onSubmit: () => void; autoFocus?: boolean };

/** The composer counts the characters once this close to the limit. */
const COUNT_FROM = CHAT_MESSAGE_MAX - 200;

/**
 * 'Type a message': Enter sends, Shift+Enter adds a line; an empty message is not sent. Near the
 * limit a counter shows, since the box cuts whatever goes past it (a long paste).
 */
export function Composer({ value, onChange, onSubmit, autoFocus }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const counted = value.length >= COUNT_FROM;
  const used = formatNumber(value.length, i18n.language);
  const max = formatNumber(CHAT_MESSAGE_MAX, i18n.language);
  return (
    <form
      className="border-t border-slate-200 bg-white p-2.5"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {t("chat.message")}
        </label>
        <textarea
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              onSubmit();
            }
          }}
          placeholder={t("chat.type_a_message")}
          maxLength={CHAT_MESSAGE_MAX}
          rows={1}
          // biome-ignore lint/a11y/noAutofocus: the panel opens to write a message
          autoFocus={autoFocus}
          className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30"
        />
        <Button
          type="submit"
          disabled={!value.trim()}
          aria-label={t("chat.send")}
          size="none"
          weight="none"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          <SendIcon className="size-5 rtl:-scale-x-100" />
        </Button>
      </div>
      {/* Always there, empty until near the limit: a live region announces changes, not its arrival. */}
      <p
        aria-live="polite"
        className={`px-1 pt-1 text-end text-xs empty:hidden ${value.length >= CHAT_MESSAGE_MAX ? "font-medium text-rose-700" : "text-slate-500"}`}
      >
        {counted && (
          <>
            <span aria-hidden="true">{t("chat.length", { used, max })}</span>
            <span className="sr-only">{t("chat.length_label", { used, max })}</span>
          </>
        )}
      </p>
    </form>
  );
}
