import type { CartData, CartProduct, CartShopGroup, CheckoutData } from "@market/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../lib/auth-store.ts";
import { testI18n, usd } from "../../../test-utils.ts";
import { CartDrawer } from "../cart-drawer.tsx";
import { useCartStore } from "../cart-store.ts";

function line(id: number, over: Partial<CartProduct> = {}): CartProduct {
  return {
    id,
    product_id: id * 10,
    name: `Product ${id}`,
    slug: `product-${id}`,
    brand: "Northwind",
    thumbnail: `/media/${id}.svg`,
    price: 20,
    discount_price: 15,
    discount_percentage: 25,
    size: { id: 2, name: "XL" },
    color: { id: 3, name: "Blue", color_code: "#00f" },
    unit: null,
    quantity: 1,
    stock: 5,
    subtotal: 15,
    price_split: null,
    ...over,
  };
}

const group = (shop_id: number, products: CartProduct[]): CartShopGroup => ({
  shop_id,
  shop_name: `Shop ${shop_id}`,
  shop_rating: 4.5,
  shop_logo: "",
  is_open: true,
  products,
});

const cartOf = (groups: CartShopGroup[]): CartData => ({
  total: groups.reduce((n, g) => n + g.products.length, 0),
  quantity: groups.reduce((n, g) => n + g.products.reduce((m, p) => m + p.quantity, 0), 0),
  total_amount: groups.reduce((n, g) => n + g.products.reduce((m, p) => m + p.subtotal, 0), 0),
  cart_items: groups,
});

const checkoutOf = (groups: CartShopGroup[], payable: number): CheckoutData => ({
  checkout_items: groups,
  checkout: {
    total_amount: payable,
    delivery_charge: 0,
    coupon_discount: 0,
    order_tax_amount: 0,
    payable_amount: payable,
    all_vat_taxes: [],
  },
  apply_coupon: null,
});

type Handler = (body: Record<string, unknown>) => { message?: string; data: unknown; status?: number };

/** Answers `METHOD /path` from `routes`; records every call with its JSON body. */
function mockServer(routes: Record<string, Handler>) {
  const calls: { route: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const route = `${init?.method ?? "GET"} ${url.pathname.replace(/^\/api/, "")}`;
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      calls.push({ route, body });
      const handler = routes[route];
      if (!handler) return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
      const { message = "", data, status = 200 } = handler(body);
      return new Response(JSON.stringify({ message, data }), { status });
    }),
  );
  return calls;
}

function renderDrawer() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/", element: <CartDrawer /> },
      { path: "/checkout", element: <p>checkout page</p> },
    ],
    { initialEntries: ["/"] },
  );
  useCartStore.getState().openDrawer();
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n()}>
        <RouterProvider router={router} />
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const master = { multi_vendor: true, currency: usd, currencies: [usd] };

beforeEach(() => {
  // sonner captures the pointer for swipes; jsdom has no pointer capture.
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  useAuthStore.setState({
    token: "t",
    user: { id: 1, name: "A", phone: null, profile_photo: null, role: "customer" },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null });
  useCartStore.getState().reset();
});

describe("cart drawer", () => {
  it("shows the cart as it now is after the server refuses a +", async () => {
    const user = userEvent.setup();
    let groups = [group(1, [line(1, { quantity: 2, stock: 5, subtotal: 30 })])];
    const calls = mockServer({
      "GET /master": () => ({ data: master }),
      "GET /carts": () => ({ data: cartOf(groups) }),
      "POST /cart/checkout": () => ({ data: checkoutOf(groups, 30) }),
      "POST /cart/increment": () => {
        // Sold out meanwhile: the server refuses, and its cart now says so.
        groups = [group(1, [line(1, { quantity: 2, stock: 0, subtotal: 30 })])];
        return { message: "This product is out of stock.", data: null, status: 409 };
      },
    });
    renderDrawer();
    const dialog = await screen.findByRole("dialog", { name: /My Cart/ });
    const reads = () => calls.filter((c) => c.route === "GET /carts").length;
    const before = reads();
    await user.click(await within(dialog).findByRole("button", { name: "Increase quantity of Product 1" }));
    await waitFor(() => expect(calls.map((c) => c.route)).toContain("POST /cart/increment"));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("Select all selects every shop and the amount narrows to the server's checkout of them", async () => {
    const user = userEvent.setup();
    const groups = [group(1, [line(1)]), group(2, [line(2, { quantity: 3, subtotal: 45 })])];
    const calls = mockServer({
      "GET /master": () => ({ data: master }),
      "GET /carts": () => ({ data: cartOf(groups) }),
      "POST /cart/checkout": (b) => ({
        data: checkoutOf(
          groups.filter((g) => (b.shop_ids as number[]).includes(g.shop_id)),
          (b.shop_ids as number[]).length * 50,
        ),
      }),
    });
    renderDrawer();
    const dialog = await screen.findByRole("dialog", { name: /My Cart/ });
    expect(await within(dialog).findByText("(4 items)")).toBeInTheDocument();
    expect(within(dialog).getByTestId("cart-amount")).toHaveTextContent("$60.00");

    await user.click(within(dialog).getByRole("checkbox", { name: "Select Shop 1" }));
    await waitFor(() => expect(within(dialog).getByTestId("cart-amount")).toHaveTextContent("$50.00"));
    const all = within(dialog).getByRole("checkbox", { name: "Select all" });
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);

    await user.click(all);
    expect(useCartStore.getState().selectedShopIds).toEqual([1, 2]);
    await waitFor(() => expect(within(dialog).getByTestId("cart-amount")).toHaveTextContent("$100.00"));
    expect(calls.filter((c) => c.route === "POST /cart/checkout").at(-1)?.body.shop_ids).toEqual([1, 2]);

    await user.click(all);
    expect(useCartStore.getState().selectedShopIds).toEqual([]);
    expect(within(dialog).getByTestId("cart-amount")).toHaveTextContent("$60.00");
  });

  it("a closed shop's lines stay under its notice, and it cannot be chosen, alone or by Select all", async () => {
    const user = userEvent.setup();
    const groups = [{ ...group(1, [line(1)]), is_open: false }, group(2, [line(2)])];
    mockServer({
      "GET /master": () => ({ data: master }),
      "GET /carts": () => ({ data: cartOf(groups) }),
      "POST /cart/checkout": (b) => ({
        data: checkoutOf(
          groups.filter((g) => (b.shop_ids as number[]).includes(g.shop_id)),
          15,
        ),
      }),
    });
    renderDrawer();
    const dialog = await screen.findByRole("dialog", { name: /My Cart/ });
    const [closed, open] = await within(dialog).findAllByTestId("cart-shop");
    expect(within(closed as HTMLElement).getByTestId("shop-closed")).toHaveTextContent(
      "This shop is closed right now and is not taking orders.",
    );
    expect(within(open as HTMLElement).queryByTestId("shop-closed")).toBeNull();
    expect(within(closed as HTMLElement).getByText("Product 1")).toBeInTheDocument();
    expect(within(dialog).getByRole("checkbox", { name: "Select Shop 1" })).toBeDisabled();
    expect(within(closed as HTMLElement).queryByRole("button", { name: "Apply Store voucher" })).toBeNull();
    expect(within(open as HTMLElement).getByRole("button", { name: "Apply Store voucher" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "Select all" }));
    expect(useCartStore.getState().selectedShopIds).toEqual([2]);
    expect(within(dialog).getByRole("checkbox", { name: "Select all" })).toBeChecked();
  });

  it("asks for a shop before checkout, then totals the selected shop", async () => {
    const user = userEvent.setup();
    const groups = [group(1, [line(1, { quantity: 2, subtotal: 30 })]), group(2, [line(2)])];
    const calls = mockServer({
      "GET /master": () => ({ data: master }),
      "GET /carts": () => ({ data: cartOf(groups) }),
      "POST /cart/checkout": (b) => {
        const picked = groups.filter((g) => (b.shop_ids as number[]).includes(g.shop_id));
        return { data: checkoutOf(picked, picked.length * 42.5) };
      },
    });
    renderDrawer();

    const dialog = await screen.findByRole("dialog", { name: /My Cart/ });
    // Three units on two lines: the heading counts units.
    expect(await within(dialog).findByText("(3 items)")).toBeInTheDocument();
    expect(within(dialog).getAllByTestId("cart-shop")).toHaveLength(2);
    // Nothing selected yet: the amount is every line's.
    expect(within(dialog).getByTestId("cart-amount")).toHaveTextContent("$45.00");
    const first = within(dialog).getAllByTestId("cart-line")[0] as HTMLElement;
    for (const text of ["Product 1", "Northwind", "XL", "Blue", "$15.00", "$20.00", "25% OFF", "2"]) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getAllByText("Apply Store voucher")).toHaveLength(2);

    await user.click(within(dialog).getByRole("button", { name: "Proceed to Checkout" }));
    expect(await screen.findByText("Please select at least one shop")).toBeInTheDocument();
    expect(calls.some((c) => c.route === "POST /cart/checkout")).toBe(false);

    await user.click(within(dialog).getByRole("checkbox", { name: "Select Shop 2" }));
    await waitFor(() => expect(within(dialog).getByTestId("cart-amount")).toHaveTextContent("$42.50"));
    expect(calls.filter((c) => c.route === "POST /cart/checkout").at(-1)?.body.shop_ids).toEqual([2]);

    await user.click(within(dialog).getByRole("button", { name: "Proceed to Checkout" }));
    expect(await screen.findByText("checkout page")).toBeInTheDocument();
    expect(useCartStore.getState().drawerOpen).toBe(false);
  });

  it("shows a line over a flash sale's cap as the server priced it: sale units and the rest", async () => {
    const split = { sale_quantity: 1, sale_price: 10, regular_quantity: 4, regular_price: 15 };
    const groups = [group(1, [line(1, { quantity: 5, discount_price: 10, subtotal: 70, price_split: split })])];
    mockServer({
      "GET /master": () => ({ data: master }),
      "GET /carts": () => ({ data: cartOf(groups) }),
    });
    renderDrawer();
    const dialog = await screen.findByRole("dialog", { name: /My Cart/ });
    expect(await within(dialog).findByTestId("price-split")).toHaveTextContent(
      "1 at \u2066$10.00\u2069 (flash sale), 4 at \u2066$15.00\u2069",
    );
  });

  it("clears the selection when the checkout list comes back empty", async () => {
    const groups = [group(1, [line(1)])];
    mockServer({
      "GET /master": () => ({ data: master }),
      "GET /carts": () => ({ data: cartOf(groups) }),
      "POST /cart/checkout": () => ({ data: checkoutOf([], 0) }),
    });
    useCartStore.getState().setSelectedShops([1]);
    renderDrawer();
    await waitFor(() => expect(useCartStore.getState().selectedShopIds).toEqual([]));
  });

  it("removes a line at quantity 1 with minus, drops its shop, and adds it back from the toast", async () => {
    const user = userEvent.setup();
    let groups = [group(1, [line(1)]), group(2, [line(2)])];
    const calls = mockServer({
      "GET /master": () => ({ data: master }),
      "GET /carts": () => ({ data: cartOf(groups) }),
      "POST /cart/checkout": (b) => ({
        data: checkoutOf(
          groups.filter((g) => (b.shop_ids as number[]).includes(g.shop_id)),
          15,
        ),
      }),
      "POST /cart/decrement": () => {
        groups = [groups[1] as CartShopGroup];
        return { message: "product removed from cart", data: cartOf(groups) };
      },
      "POST /cart/store": () => {
        groups = [group(1, [line(1)]), ...groups];
        return { message: "Product added to cart", data: cartOf(groups) };
      },
    });
    useCartStore.getState().setSelectedShops([1, 2]);
    renderDrawer();
    const dialog = await screen.findByRole("dialog", { name: /My Cart/ });
    await user.click(await within(dialog).findByRole("button", { name: "Decrease quantity of Product 1" }));

    const removed = await screen.findByTestId("cart-toast-remove");
    expect(removed).toHaveTextContent("Product 1");
    expect(removed).toHaveTextContent("has been remove to cart");
    expect(useCartStore.getState().selectedShopIds).toEqual([2]);
    expect(within(dialog).getByText("(1 item)")).toBeInTheDocument();
    expect(calls.find((c) => c.route === "POST /cart/decrement")?.body).toEqual({ cart_id: 1 });

    await user.click(within(removed).getByRole("button", { name: "Again Add to Cart" }));
    const added = await screen.findByTestId("cart-toast-add");
    expect(added).toHaveTextContent("has been added to cart");
    expect(calls.find((c) => c.route === "POST /cart/store")?.body).toEqual({
      product_id: 10,
      quantity: 1,
      size: 2,
      color: 3,
      unit: null,
    });
    expect(within(dialog).getByText("(2 items)")).toBeInTheDocument();
    await act(async () => {});
  });
});
