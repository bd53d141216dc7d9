import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { masterQuery } from "../../settings/index.ts";
import { AuthDialogs } from "../auth-dialogs.tsx";
import { useUiStore } from "../ui-store.ts";

const socialAuths = {
  google: { is_active: true, client_id: "g", authorization_url: "http://idp.test/auth" },
  facebook: { is_active: false, client_id: "" },
  apple: { is_active: true, client_id: "a", redirect_url: "http://shop.test/api/auth/callback" },
};

function renderWith(master: Record<string, unknown>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      const data = path === "/api/master" ? master : path === "/api/countries" ? { countries: [] } : null;
      return new Response(JSON.stringify({ message: "ok", data }), { status: data ? 200 : 404 });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n()}>
        <AuthDialogs />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUiStore.getState().closeAuthDialog();
});

describe("social login buttons", () => {
  it("shows a button for each active provider only, in login and registration, and loads no provider script", async () => {
    renderWith({ app_environment: "test", social_auths: socialAuths });
    useUiStore.getState().showAuthDialog("login");
    const login = within(await screen.findByRole("dialog", { name: "Login" }));
    expect(await login.findByRole("button", { name: "Continue with Google" }, { timeout: 3000 })).toBeVisible();
    expect(login.getByRole("button", { name: "Continue with Apple" })).toBeVisible();
    expect(login.queryByRole("button", { name: "Continue with Facebook" })).toBeNull();

    useUiStore.getState().showAuthDialog("register");
    const register = within(await screen.findByRole("dialog", { name: "Register" }));
    expect(register.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    expect(register.getByRole("button", { name: "Continue with Apple" })).toBeVisible();
    expect(register.queryByRole("button", { name: "Continue with Facebook" })).toBeNull();
    expect(document.querySelectorAll("script")).toHaveLength(0);
  }, 15_000); // role queries over two dialogs are slow in jsdom

  it("shows neither buttons nor their divider when no provider is active", async () => {
    const off = Object.fromEntries(Object.entries(socialAuths).map(([k, v]) => [k, { ...v, is_active: false }]));
    const queryClient = renderWith({ app_environment: "test", social_auths: off });
    useUiStore.getState().showAuthDialog("register");
    const register = within(await screen.findByRole("dialog", { name: "Register" }));
    await waitFor(() => expect(queryClient.getQueryData(masterQuery.queryKey)).toBeDefined());
    expect(register.queryByRole("list", { name: "Sign in with another account" })).toBeNull();
    expect(register.queryByText("or")).toBeNull();
  });
});
