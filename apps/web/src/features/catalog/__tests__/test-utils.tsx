import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import en from "../../../../../../packages/contract/locales/en/catalog.json";

/** The app's English catalog messages, keyed as the server serves them (`catalog.<key>`). */
export function testI18n() {
  const i18n = i18next.createInstance();
  const messages = Object.fromEntries(Object.entries(en).map(([k, v]) => [`catalog.${k}`, v]));
  i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export const usd = {
  id: 1,
  name: "USD",
  symbol: "$",
  position: "prefix",
  rate: 1,
  rate_from_default: 1,
  is_default: true,
};

/** Answers GET /api/<path> from `routes` (envelope added); anything else is a 404. */
export function mockApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const key = url.pathname.replace(/^\/api/, "");
    if (key in routes) return new Response(JSON.stringify({ message: "", data: routes[key] }), { status: 200 });
    return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function renderRoute(path: string, url: string, element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
