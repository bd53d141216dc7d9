import type { ChatMessage, ChatMessagesPage } from "@market/contract";
import { CHAT_MESSAGE_MAX } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import chat from "../../../../../../packages/contract/locales/en/chat.json";
import { useAuthStore } from "../../../lib/auth-store.ts";
import { ShopConversation } from "../shop-conversation.tsx";

const shop = { id: 3, name: "Gadget Galaxy", logo: "/media/shop/gadget.png" };
const user = { id: 7, name: "Demo Shopper", profile_photo: null };

function message(id: number, over: Partial<ChatMessage>): ChatMessage {
  return {
    id,
    user_id: user.id,
    shop_id: shop.id,
    message: "",
    type: "shop",
    is_seen: true,
    created_at: new Date(2024, 2, 9, 9, 15).toISOString(),
    user,
    shop,
    product: null,
    shop_active_status: true,
    ...over,
  };
}

const page: ChatMessagesPage = {
  data: [
    message(1, {
      message: null,
      type: "user",
      product: {
        id: 42,
        name: "Noise Cancelling Headphones",
        slug: "noise-cancelling-headphones",
        thumbnail: "/media/p/42.png",
        price: 120,
        discount_price: 99.5,
        rating: 4.5,
        total_reviews: 12,
      },
    }),
    message(2, { message: "Hello! <b>Yes</b>, see https://shop.test/faq" }),
  ],
  total: 2,
  per_page: 20,
  current_page: 1,
  last_page: 1,
  shop: { ...shop, shop_active_status: true },
};

type Sender = (body: unknown) => Promise<Response>;
let sendMessage: Sender;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  useAuthStore.setState({ token: "t", user: { ...user, phone: null, role: "customer" } });
  sendMessage = async () => new Response(JSON.stringify({ message: "Message sent", data: {} }), { status: 200 });
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/get-message") return new Response(JSON.stringify({ message: "", data: page }));
    if (url.pathname === "/api/send-message") return sendMessage(JSON.parse(String(init?.body)));
    if (url.pathname === "/api/unread-messages") return new Response(JSON.stringify({ data: { unread_messages: 0 } }));
    return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAuthStore.setState({ token: null, user: null });
});

function renderConversation() {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: Object.fromEntries(Object.entries(chat).map(([k, v]) => [`chat.${k}`, v])) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: <ShopConversation shop={shop} topThreshold={50} /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const sends = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/send-message"));

describe("a conversation with a shop", () => {
  it("shows the shop online, messages with their time, links and a product card", async () => {
    renderConversation();
    const log = await screen.findByRole("log");
    expect(screen.getByRole("heading", { name: "Gadget Galaxy" })).toBeInTheDocument();
    expect(screen.getByText("Online")).toBeInTheDocument();
    expect(within(log).getAllByText("09:15 am, 09 Mar, 2024")).toHaveLength(2);
    expect(within(log).getByText(/<b>Yes<\/b>/)).toBeInTheDocument();
    expect(within(log).getByRole("link", { name: "https://shop.test/faq" })).toHaveAttribute("target", "_blank");
    const card = within(log).getByRole("link", { name: /Noise Cancelling Headphones/ });
    expect(card).toHaveAttribute("href", "/products/42/details/noise-cancelling-headphones");
    expect(card).toHaveTextContent("$99.50");
    expect(card).toHaveTextContent("4.5 (12 reviews)");
  });

  it("sends on Enter, adds a line on Shift+Enter, and never sends an empty message", async () => {
    const u = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    sendMessage = () => new Promise((resolve) => (answer = resolve));
    renderConversation();
    const box = await screen.findByPlaceholderText("Type a message");
    await u.type(box, "   {Enter}");
    expect(sends()).toHaveLength(0);

    await u.clear(box);
    await u.type(box, "Is it in stock?{Shift>}{Enter}{/Shift}In blue");
    expect(box).toHaveValue("Is it in stock?\nIn blue");
    expect(sends()).toHaveLength(0);

    await u.keyboard("{Enter}");
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(JSON.parse(String(sends()[0]?.[1]?.body))).toEqual({
      shop_id: 3,
      message: "Is it in stock?\nIn blue",
      type: "user",
      client_id: expect.stringMatching(/^[\w-]{16,64}$/),
    });
    // Shown at once, before the server answers.
    expect(box).toHaveValue("");
    const log = screen.getByRole("log");
    expect(within(log).getByText(/Is it in stock\?/)).toBeInTheDocument();
    expect(within(log).getByText("Sending…")).toBeInTheDocument();
    answer(new Response(JSON.stringify({ message: "Message sent", data: {} })));
  });

  it("takes a failed message back and returns its text to the box, sent again under the same client id", async () => {
    const u = userEvent.setup();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    sendMessage = async () => new Response(JSON.stringify({ message: "Too fast" }), { status: 429 });
    renderConversation();
    const box = await screen.findByPlaceholderText("Type a message");
    await u.type(box, "Anyone there?{Enter}");
    await waitFor(() => expect(box).toHaveValue("Anyone there?"));
    expect(within(screen.getByRole("log")).queryByText("Anyone there?")).toBeNull();
    expect(screen.queryByText("Sending…")).toBeNull();
    expect(logged).toHaveBeenCalled();

    // The same text again is the same message (its first send may have been stored); another text is a new one.
    const clientIds = () => sends().map(([, init]) => JSON.parse(String(init?.body)).client_id);
    await u.keyboard("{Enter}");
    await waitFor(() => expect(sends()).toHaveLength(2));
    await waitFor(() => expect(box).toHaveValue("Anyone there?"));
    await u.clear(box);
    await u.type(box, "Hello?{Enter}");
    await waitFor(() => expect(sends()).toHaveLength(3));
    const [first, second, third] = clientIds();
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it("counts the characters near the limit, which the box does not let a paste pass", async () => {
    renderConversation();
    const box = await screen.findByPlaceholderText("Type a message");
    expect(box).toHaveAttribute("maxLength", String(CHAT_MESSAGE_MAX));
    fireEvent.change(box, { target: { value: "a".repeat(100) } });
    expect(screen.queryByText(/\/ 2,000/)).toBeNull();
    fireEvent.change(box, { target: { value: "a".repeat(1950) } });
    expect(screen.getByText("1,950 / 2,000")).toBeInTheDocument();
    expect(screen.getByText("1,950 of 2,000 characters used").closest("[aria-live]")).toHaveAttribute(
      "aria-live",
      "polite",
    );
  });
});
