import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { AddressForm } from "../address-form.tsx";

const master = { app_environment: "test", phone_min_length: 9, phone_max_length: 16 };

/** Answers GET /master and POST /address/store; records every call. */
function mockApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    if (path === "/api/master") return new Response(JSON.stringify({ message: "ok", data: master }), { status: 200 });
    if (path === "/api/address/store") {
      const address = { id: 1, ...JSON.parse(String(init?.body)) };
      return new Response(JSON.stringify({ message: "Address saved", data: { address } }), { status: 200 });
    }
    return new Response(JSON.stringify({ message: "Not found", code: "not_found" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const stores = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/address/store"));

function renderForm(onSaved = vi.fn(), lng = "en") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n(lng)}>
        <AddressForm onSaved={onSaved} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onSaved;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("address form", () => {
  it("says the contract's field messages in the shopper's language", async () => {
    mockApi();
    const user = userEvent.setup();
    renderForm(vi.fn(), "ar");
    await user.click(screen.getByRole("button", { name: "حفظ العنوان" }));
    // As the server would say them: each names its field.
    expect(await screen.findByText("حقل الاسم مطلوب.")).toBeInTheDocument();
    expect(screen.getAllByText(/^حقل .+ مطلوب\.$/)).toHaveLength(3);
    expect(screen.queryByText(/field is required/)).toBeNull();
  });

  it("checks with the contract's address rules and messages before any call", async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Save Address" }));
    expect(await screen.findByText("The name field is required.")).toBeInTheDocument();
    expect(screen.getByText("The phone field is required.")).toBeInTheDocument();
    expect(screen.getByText("The address field is required.")).toBeInTheDocument();
    // The first field with an error, from the top, takes the focus.
    expect(screen.getByLabelText("Full name")).toHaveFocus();

    // The settings' length, counted in digits, as the server counts it.
    await user.type(screen.getByLabelText("Phone"), "12345");
    await user.click(screen.getByRole("button", { name: "Save Address" }));
    expect(await screen.findByText("The phone field must be between 9 and 16 digits.")).toBeInTheDocument();
    expect(stores(fetchMock)).toHaveLength(0);
  });

  it("sends the parsed body: trimmed, blank optional fields as null", async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.type(screen.getByLabelText("Full name"), "  Grace Hopper ");
    await user.type(screen.getByLabelText("Phone"), "5550102030");
    await user.type(screen.getByLabelText("Address"), "1 Compiler Road");
    await user.click(screen.getByRole("button", { name: "Save Address" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [, init] = stores(fetchMock)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Grace Hopper",
      phone: "5550102030",
      address_type: "home",
      address_line: "1 Compiler Road",
      address_line2: null,
      area: null,
      flat_no: null,
      post_code: null,
      is_default: false,
      latitude: null,
      longitude: null,
    });
  });
});
