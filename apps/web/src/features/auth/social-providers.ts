import type { Master, SocialProvider, SocialTokenBody } from "@market/contract";

// What each provider's sign-in hands back, as `POST /auth/{provider}/token` takes it. Nothing of a
// provider is loaded before its button is used: Google needs no script (a plain OAuth popup),
// Facebook's and Apple's SDKs are added to the page on demand.

export type SocialAuths = Master["social_auths"];

/** The shopper closed the popup or said no: logged, never shown (spec section 8). */
export class SocialCancelled extends Error {}

/** Where the Google popup comes back to; the server's page hands the answer to this window. */
export const CALLBACK_PATH = "/api/auth/callback";
const FACEBOOK_SDK = "https://connect.facebook.net/en_US/sdk.js";
const APPLE_SDK = "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js";

const scripts = new Map<string, Promise<void>>();

/** Adds a script once; a failed load is forgotten so the next try loads it again. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const el = document.createElement("script");
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        scripts.delete(src);
        el.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(el);
    });
    scripts.set(src, loading);
  }
  return loading;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const randomString = (size: number) => base64url(crypto.getRandomValues(new Uint8Array(size)));
const sha256 = async (text: string) =>
  base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));

/**
 * Starts a provider's sign-in. Call it from the click itself: Google's popup is opened before
 * anything is awaited, so popup blockers let it through.
 */
export function signInWith(provider: SocialProvider, auths: SocialAuths): Promise<SocialTokenBody> {
  if (provider === "google") return googleSignIn(auths.google);
  if (provider === "facebook") return facebookSignIn(auths.facebook.client_id);
  return appleSignIn(auths.apple);
}

// ---- Google: authorization code with PKCE in a popup ----

interface CallbackMessage {
  type?: string;
  state?: string | null;
  code?: string | null;
  error?: string | null;
}

function googleSignIn(google: SocialAuths["google"]): Promise<SocialTokenBody> {
  const left = window.screenX + Math.max(0, (window.outerWidth - 500) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - 640) / 2);
  const popup = window.open("", "google-sign-in", `popup,width=500,height=640,left=${left},top=${top}`);
  if (!popup) return Promise.reject(new SocialCancelled("The Google sign-in popup was blocked"));

  const state = randomString(16);
  const nonce = randomString(16);
  const verifier = randomString(32);
  const redirectUri = `${location.origin}${CALLBACK_PATH}`;

  return new Promise<SocialTokenBody>((resolve, reject) => {
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("social-login") : null;
    let closedSince = 0;
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearInterval(watch);
      window.removeEventListener("message", fromWindow);
      channel?.close();
      settle();
    };
    const receive = (msg: CallbackMessage | null) => {
      if (msg?.type !== "social-login" || msg.state !== state) return; // another sign-in's answer
      const { code } = msg;
      if (code) finish(() => resolve({ code, data: { code_verifier: verifier, redirect_uri: redirectUri, nonce } }));
      else finish(() => reject(new SocialCancelled(`Google sign-in ended: ${msg.error ?? "no code"}`)));
    };
    const fromWindow = (e: MessageEvent) => {
      if (e.origin === location.origin) receive(e.data as CallbackMessage);
    };
    window.addEventListener("message", fromWindow);
    channel?.addEventListener("message", (e) => receive(e.data as CallbackMessage));
    // Closed without an answer means cancelled; an answer sent as it closed gets a moment to arrive.
    const watch = setInterval(() => {
      if (!popup.closed) return;
      closedSince ||= Date.now();
      if (Date.now() - closedSince > 1000) {
        finish(() => reject(new SocialCancelled("The Google sign-in window was closed")));
      }
    }, 250);

    sha256(verifier).then(
      (challenge) => {
        const url = new URL(google.authorization_url);
        const params = {
          client_id: google.client_id,
          redirect_uri: redirectUri,
          response_type: "code",
          scope: "openid email profile",
          state,
          nonce,
          code_challenge: challenge,
          code_challenge_method: "S256",
        };
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
        popup.location.href = url.href;
      },
      (error: unknown) => {
        popup.close();
        finish(() => reject(error));
      },
    );
  });
}

// ---- Facebook: JavaScript SDK v20.0, scope public_profile and email ----

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (r: { status?: string; authResponse?: { accessToken?: string } | null }) => void,
    options: { scope: string },
  ): void;
  api(path: string, params: { fields: string }, callback: (r: { name?: string; email?: string }) => void): void;
}

async function facebookSignIn(appId: string): Promise<SocialTokenBody> {
  await loadScript(FACEBOOK_SDK);
  const FB = (window as { FB?: FacebookSdk }).FB;
  if (!FB) throw new Error("The Facebook SDK did not start");
  FB.init({ appId, version: "v20.0", cookie: false, xfbml: false });
  const auth = await new Promise<Parameters<Parameters<FacebookSdk["login"]>[0]>[0]>((resolve) =>
    FB.login(resolve, { scope: "public_profile,email" }),
  );
  const accessToken = auth.authResponse?.accessToken;
  if (auth.status !== "connected" || !accessToken) throw new SocialCancelled("Facebook sign-in was cancelled");
  const me = await new Promise<{ name?: string; email?: string }>((resolve) =>
    FB.api("/me", { fields: "name,email" }, resolve),
  );
  return { code: accessToken, data: { name: me.name ?? null, email: me.email ?? null } };
}

// ---- Apple: Sign in with Apple JS in a popup, scope name and email ----

interface AppleSignInResponse {
  authorization?: { code?: string; id_token?: string };
  user?: { name?: { firstName?: string; lastName?: string } };
}
interface AppleIdSdk {
  auth: {
    init(options: {
      clientId: string;
      scope: string;
      redirectURI: string;
      state: string;
      nonce: string;
      usePopup: boolean;
    }): void;
    signIn(): Promise<AppleSignInResponse>;
  };
}

async function appleSignIn(apple: SocialAuths["apple"]): Promise<SocialTokenBody> {
  await loadScript(APPLE_SDK);
  const AppleID = (window as { AppleID?: AppleIdSdk }).AppleID;
  if (!AppleID) throw new Error("Sign in with Apple did not start");
  const nonce = randomString(16);
  AppleID.auth.init({
    clientId: apple.client_id,
    scope: "name email",
    redirectURI: apple.redirect_url,
    state: randomString(16),
    nonce,
    usePopup: true,
  });
  let answer: AppleSignInResponse;
  try {
    answer = await AppleID.auth.signIn();
  } catch (e) {
    throw new SocialCancelled(`Apple sign-in ended: ${(e as { error?: string })?.error ?? String(e)}`);
  }
  const idToken = answer?.authorization?.id_token;
  const code = answer?.authorization?.code;
  if (!idToken || !code) throw new Error("Token or code is missing");
  const name = [answer.user?.name?.firstName, answer.user?.name?.lastName].filter(Boolean).join(" ");
  return { code, data: { id_token: idToken, nonce, name: name || null } };
}
