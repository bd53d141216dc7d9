import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import chat from "../../../../../../packages/contract/locales/en/chat.json";
import { ConversationList, type ConversationRow, useDebounced } from "../conversation-list.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const i18n = i18next.createInstance();
const messages = Object.fromEntries(Object.entries(chat).map(([k, v]) => [`chat.${k}`, v]));
i18n.use(initReactI18next).init({ lng: "en", resources: { en: { translation: messages } }, keySeparator: false });

const rows: ConversationRow[] = Array.from({ length: 20 }, (_, i) => ({
  key: i + 1,
  name: `Shop ${i + 1}`,
  logo: null,
  unread: i === 0 ? 3 : 0,
  lastMessage: `Last ${i + 1}`,
  lastTime: new Date(2024, 4, 1, 18, 45).toISOString(),
  online: false,
  selected: false,
  onSelect: () => {},
}));

function list(onMore: () => void, onSearch: (v: string) => void = () => {}, search = "") {
  return (
    <I18nextProvider i18n={i18n}>
      <ConversationList
        search={search}
        onSearch={onSearch}
        searchLabel="Search Seller"
        rows={rows}
        loading={false}
        hasMore
        loadingMore={false}
        onMore={onMore}
        emptyText="none"
        label="Conversations"
      />
    </I18nextProvider>
  );
}

describe("the conversation list", () => {
  it("shows each entry's name, unread badge, last message and time", () => {
    render(list(() => {}));
    const first = screen.getByRole("button", { name: /^Shop 1 3 unread Last 1/ });
    expect(first).toHaveTextContent("Last 1");
    expect(first).toHaveTextContent("06:45 pm, 01 May, 2024");
  });

  it("asks for more within 300 px of the end, then not again until it has been 400 px away", () => {
    const onMore = vi.fn();
    // A box 500 px high holding 2,000 px of rows (jsdom lays nothing out).
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(500);
    render(list(onMore));
    const scroller = screen.getByRole("list", { name: "Conversations" }).parentElement as HTMLElement;
    const scrollTo = (top: number) => {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
    };
    scrollTo(1000); // 500 px left
    expect(onMore).not.toHaveBeenCalled();
    scrollTo(1250); // 250 px left
    expect(onMore).toHaveBeenCalledTimes(1);
    scrollTo(1400);
    scrollTo(1150); // 350 px left: still not re-armed
    scrollTo(1300);
    expect(onMore).toHaveBeenCalledTimes(1);
    scrollTo(1050); // 450 px left: re-armed
    scrollTo(1300);
    expect(onMore).toHaveBeenCalledTimes(2);
  });

  it("debounces the search by 500 ms", () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    function Probe() {
      const [value, setValue] = useState("");
      const settled = useDebounced(value);
      if (!seen.includes(settled)) seen.push(settled);
      return list(() => {}, setValue, value);
    }
    render(<Probe />);
    const box = screen.getByRole("searchbox", { name: "Search Seller" });
    fireEvent.change(box, { target: { value: "gad" } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: "gadget" } });
    act(() => vi.advanceTimersByTime(499));
    expect(seen).toEqual([""]);
    act(() => vi.advanceTimersByTime(1));
    expect(seen).toEqual(["", "gadget"]);
  });
});
