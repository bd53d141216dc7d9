import { z } from "zod";
import { loginData } from "./auth.ts";
import { endpoints } from "./endpoint.ts";
import { optionalText, text } from "./fields.ts";

/** Providers of `POST /auth/{provider}/token` and of `social_auths` in `/master`. */
export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * `POST /auth/{provider}/token` (spec section 7). `code` is Google's authorization code, Facebook's
 * access token, or Apple's authorization code (not used: its identity token in `data.id_token` is
 * what the server verifies). `data` carries what each provider's check needs.
 */
export const socialTokenBody = z
  .object({
    code: text("code", 4096),
    data: z
      .object({
        /** Google: the PKCE verifier and the redirect URI of the authorization request */
        code_verifier: z
          .string()
          .regex(/^[\w.~-]{43,128}$/, "The code verifier is invalid.")
          .optional(),
        redirect_uri: z
          .url({ protocol: /^https?$/, error: "The redirect uri is invalid." })
          .max(2000)
          .optional(),
        /** Google and Apple: the nonce sent with the request, matched against the ID token */
        nonce: z.string().max(256).optional(),
        /** Apple: the identity token */
        id_token: z.string().max(8192).optional(),
        /** Facebook and Apple (first authorization only): the name the client was told */
        name: optionalText("name", 100),
        /** Facebook: the email the client was told; it must match the Graph API's */
        email: optionalText("email", 254),
      })
      .strict()
      .prefault({}),
  })
  .strict();
export type SocialTokenBody = z.input<typeof socialTokenBody>;

/** Any name: an unknown provider is answered 404 before the body is looked at. */
export const socialProviderParams = z.object({ provider: z.string().max(30) });

export const socialApi = endpoints({
  "POST /auth/:provider/token": { params: socialProviderParams, body: socialTokenBody, data: loginData },
});
