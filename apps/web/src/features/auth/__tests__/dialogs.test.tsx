import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../../test-utils.ts";
import { AuthDialogs } from "../auth-dialogs.tsx";
import { useUiStore } from "../ui-store.ts";

const master = {
  app_environment: "test",
  forgot_otp_type: "email",
  register_otp_verify: true,
  register_otp_type: "email",
};
const countries = [{ id: 1, name: "Bangladesh", code: "BD", phone_code: "+880" }];

/** Answers the API from `routes` ("METHOD /path" -> data, or a whole Response); records every call. */
function mockApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname.replace(/^\/api/, "")}`;
    const answer = routes[key];
    if (answer instanceof Response) return answer.clone();
    if (key in routes)
      return new Response(JSON.stringify({ message: `ok ${key}`, data: routes[key] }), { status: 200 });
    return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(`/api${path}`));

function renderDialogs(lng = "en") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={testI18n(lng)}>
        <AuthDialogs />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useUiStore.getState().closeAuthDialog();
});

describe("forgot password", () => {
  it("asks for the country and the email before any call", async () => {
    const fetchMock = mockApi({ "GET /master": master, "GET /countries": { countries } });
    const user = userEvent.setup();
    act(() => useUiStore.getState().showAuthDialog("forgot"));
    renderDialogs();
    await user.click(await screen.findByRole("button", { name: "Send OTP" }));
    expect(await screen.findByText("The country field is required")).toBeInTheDocument();
    expect(screen.getByText("The phone or email field is required")).toBeInTheDocument();
    expect(calls(fetchMock, "/send-otp")).toHaveLength(0);
  });

  it("sends the code, closes, and opens the code dialog with the countdown running", async () => {
    const fetchMock = mockApi({
      "GET /master": master,
      "GET /countries": { countries },
      "POST /send-otp": { email_or_phone: "a@b.co", channel: "email" },
    });
    const user = userEvent.setup();
    act(() => useUiStore.getState().showAuthDialog("forgot"));
    renderDialogs();
    await screen.findByRole("option", { name: "Bangladesh" });
    await user.selectOptions(screen.getByLabelText("Country"), "Bangladesh");
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await user.click(screen.getByRole("button", { name: "Send OTP" }));
    expect(await screen.findByRole("dialog", { name: "Enter OTP" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Forgot Password" })).not.toBeInTheDocument();
    expect(screen.getByText("Resend OTP in 60s")).toBeInTheDocument();
    const [, init] = calls(fetchMock, "/send-otp")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ phone: "a@b.co", phone_code: "+880", forgot_password: 1 });
  });
});

describe("countries", () => {
  it("are named in the page's language and its order; the form keeps the stored name", async () => {
    const fetchMock = mockApi({
      "GET /master": master,
      "GET /countries": {
        countries: [
          { id: 1, name: "United States", code: "US", phone_code: "+1" },
          { id: 2, name: "Germany", code: "DE", phone_code: "+49" },
          { id: 3, name: "Egypt", code: "EG", phone_code: "+20" },
        ],
      },
      "POST /send-otp": { email_or_phone: "a@b.co", channel: "email" },
    });
    const user = userEvent.setup();
    act(() => useUiStore.getState().showAuthDialog("forgot"));
    renderDialogs("fr");
    await screen.findByRole("option", { name: "Allemagne" });
    const select = screen.getByRole("combobox");
    expect([...(select as HTMLSelectElement).options].slice(1).map((o) => o.text)).toEqual([
      "Allemagne",
      "Égypte",
      "États-Unis",
    ]);
    await user.selectOptions(select, "Égypte");
    expect((select as HTMLSelectElement).value).toBe("Egypt");
    await user.type(screen.getByRole("textbox"), "a@b.co");
    await user.click(screen.getByRole("button", { name: /OTP|code/i }));
    await vi.waitFor(() => expect(calls(fetchMock, "/send-otp")).toHaveLength(1));
    const [, init] = calls(fetchMock, "/send-otp")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ phone_code: "+20" });
  });
});

describe("code dialog", () => {
  it("offers 'Resend OTP' only at zero, and a correct code opens Reset Password", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      "POST /send-otp": { email_or_phone: "a@b.co", channel: "email" },
      "POST /verify-otp": { token: "reset-token" },
    });
    act(() => useUiStore.getState().showAuthDialog("forgot-otp", { otpTarget: { phone: "a@b.co", phone_code: null } }));
    renderDialogs();
    expect(screen.getByText("Resend OTP in 60s")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend OTP" })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole("button", { name: "Resend OTP" }));
    expect(await screen.findByText("Resend OTP in 60s")).toBeInTheDocument();
    expect(calls(fetchMock, "/send-otp")).toHaveLength(1);

    expect(screen.getByRole("button", { name: "Confirm OTP" })).toBeDisabled();
    fireEvent.paste(screen.getByRole("textbox", { name: "Digit 1" }), { clipboardData: { getData: () => "1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm OTP" }));
    expect(await screen.findByRole("dialog", { name: "Reset Password" })).toBeInTheDocument();
    expect(useUiStore.getState().resetToken).toBe("reset-token");
  });

  const refusal = (code: string, message: string, retryAfter: number) =>
    new Response(JSON.stringify({ message, code }), { status: 429, headers: { "retry-after": String(retryAfter) } });
  /** The forgot-password code dialog at zero, its Resend pressed, answered by `answer`. */
  async function resendAnsweredBy(answer: Response) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ "POST /send-otp": answer });
    act(() => useUiStore.getState().showAuthDialog("forgot-otp", { otpTarget: { phone: "a@b.co", phone_code: null } }));
    renderDialogs();
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole("button", { name: "Resend OTP" }));
  }

  it("a code sent moments ago: says so and counts down from the seconds the server gives", async () => {
    await resendAnsweredBy(
      refusal("code_recently_sent", "A code was sent less than a minute ago. Please try again in 42 seconds.", 42),
    );
    expect(await screen.findByText("Resend OTP in 42s")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toHaveTextContent(
      "A code was sent to \u2066a@b.co\u2069 less than a minute ago.",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend OTP" })).not.toBeInTheDocument();
  });

  it("a refused send: never called sent; the server's reason shows and Resend stays", async () => {
    await resendAnsweredBy(
      refusal("too_many_requests", "Too many codes were requested. Please try again in 55 minutes.", 3300),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many codes were requested.");
    expect(screen.getByRole("dialog")).toHaveTextContent("No code was sent to \u2066a@b.co\u2069.");
    expect(screen.getByRole("button", { name: "Resend OTP" })).toBeInTheDocument();
  });
});

describe("reset password", () => {
  it("refuses a confirmation that does not match without calling the server", async () => {
    const fetchMock = mockApi({ "POST /reset-password": null });
    const user = userEvent.setup();
    act(() => useUiStore.getState().showAuthDialog("reset", { resetToken: "tok" }));
    renderDialogs();
    await user.type(screen.getByLabelText("New Password"), "new-password-1");
    await user.type(screen.getByLabelText("Confirm Password"), "new-password-2");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Confirm Password does not match.")).toBeInTheDocument();
    expect(calls(fetchMock, "/reset-password")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Confirm Password"));
    await user.type(screen.getByLabelText("Confirm Password"), "new-password-1");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("dialog", { name: "Login" })).toBeInTheDocument();
    const [, init] = calls(fetchMock, "/reset-password")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      password: "new-password-1",
      password_confirmation: "new-password-1",
      token: "tok",
    });
  });
});
