import { randomBytes } from "node:crypto";
import {
  type LoginData,
  type Master,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type SocialTokenBody,
} from "@market/contract";
import { type DbHandle, writeTransaction } from "../../db/index.ts";
import type { AppDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import * as users from "./auth.repository.ts";
import { issueToken, toAuthUser } from "./auth.service.ts";
import * as repo from "./social.repository.ts";
import { isConfigured, PROVIDER_LABEL, type VerifiedProfile, verifyProfile } from "./social-providers.ts";

export type SocialDeps = Pick<AppDeps, "dbh" | "config">;

/** The page a Google popup returns to (under /api); Apple's default redirect URL too. */
export const CALLBACK_ROUTE = "/auth/callback";
export const CALLBACK_PATH = `/api${CALLBACK_ROUTE}`;

/** `social_auths` of `/api/master`: a provider is active exactly when its credentials are configured. */
export function socialAuths({ config }: Pick<AppDeps, "config">): Master["social_auths"] {
  const google = isConfigured(config, "google");
  const facebook = isConfigured(config, "facebook");
  const apple = isConfigured(config, "apple");
  return {
    google: {
      is_active: google,
      client_id: google ? (config.GOOGLE_CLIENT_ID ?? "") : "",
      authorization_url: google ? config.GOOGLE_AUTH_URL : "",
    },
    facebook: { is_active: facebook, client_id: facebook ? (config.FACEBOOK_APP_ID ?? "") : "" },
    apple: {
      is_active: apple,
      client_id: apple ? (config.APPLE_CLIENT_ID ?? "") : "",
      redirect_url: apple ? (config.APPLE_REDIRECT_URL ?? `${config.appUrl}${CALLBACK_PATH}`) : "",
    },
  };
}

/** Origins the web app's Content-Security-Policy must allow for the active providers' scripts. */
export function socialCspSources({ config }: Pick<AppDeps, "config">) {
  const script: string[] = [];
  const frame: string[] = [];
  const connect: string[] = [];
  if (isConfigured(config, "facebook")) {
    script.push("https://connect.facebook.net");
    frame.push("https://www.facebook.com", "https://web.facebook.com", "https://staticxx.facebook.com");
    connect.push("https://graph.facebook.com");
  }
  if (isConfigured(config, "apple")) {
    script.push("https://appleid.cdn-apple.com");
    frame.push("https://appleid.apple.com");
  }
  return { script, frame, connect };
}

/** 404 for a provider we do not know, 403 for one that is not configured here. */
export function activeProvider({ config }: Pick<AppDeps, "config">, name: string): SocialProvider {
  const provider = SOCIAL_PROVIDERS.find((p) => p === name);
  if (!provider) throw notFound("Login provider");
  if (!isConfigured(config, provider)) {
    throw new AppError(403, `Login with ${PROVIDER_LABEL[provider]} is not available.`);
  }
  return provider;
}

/** Signs in with a provider's proof: the linked user, else the user of the verified email, else a new user. */
export async function socialLogin(deps: SocialDeps, name: string, body: SocialTokenBody): Promise<LoginData> {
  const provider = activeProvider(deps, name);
  const profile = await verifyProfile(deps.config, provider, body);
  const { db } = deps.dbh;
  const linked = await repo.findIdentity(db, provider, profile.subject);
  let userId: number;
  if (linked) {
    await repo.touchIdentity(db, linked.id, profile.email, clock.iso());
    userId = linked.user_id;
  } else {
    // A new account has no password of its own until one is set through "Forgot Password".
    const passwordHash = await hashPassword(randomBytes(32).toString("hex"));
    try {
      userId = await linkOrCreate(deps.dbh, provider, profile, passwordHash);
    } catch (e) {
      // A parallel first sign-in of the same person won the insert; theirs is now the one to find.
      userId = await linkOrCreate(deps.dbh, provider, profile, passwordHash).catch(() => Promise.reject(e));
    }
  }
  const user = await users.findUserById(db, userId);
  if (!user) throw new Error("signed-in user vanished");
  return { user: toAuthUser(user), access: await issueToken(deps, userId) };
}

function linkOrCreate(dbh: DbHandle, provider: SocialProvider, profile: VerifiedProfile, passwordHash: string) {
  const now = clock.iso();
  return writeTransaction(dbh, async (trx) => {
    const linked = await repo.findIdentity(trx, provider, profile.subject);
    if (linked) {
      await repo.touchIdentity(trx, linked.id, profile.email, now);
      return linked.user_id;
    }
    // Only an email the provider verified links to an existing account (see VerifiedProfile).
    const existing = profile.email ? await users.findUserByEmail(trx, profile.email) : undefined;
    let userId: number;
    if (existing) {
      userId = existing.id;
      if (!existing.verified_at) await users.updateUser(trx, userId, { verified_at: now });
    } else {
      userId = await users.insertUser(trx, {
        name: profile.name ?? profile.email?.split("@")[0] ?? `${PROVIDER_LABEL[provider]} user`,
        email: profile.email,
        password_hash: passwordHash,
        verified_at: profile.email ? now : null,
        created_at: now,
      });
    }
    await repo.insertIdentity(trx, {
      user_id: userId,
      provider,
      subject: profile.subject,
      email: profile.email,
      created_at: now,
      last_login_at: now,
    });
    return userId;
  });
}
