import { SOCIAL_PROVIDERS, type SocialProvider, type SocialTokenBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "../../api/client.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { useStartSession } from "./api.ts";
import { SocialCancelled, signInWith } from "./social-providers.ts";

const ICONS: Record<SocialProvider, ReactNode> = {
  google: (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.7 6c4.5-4.2 6.6-10.3 6.6-17.4z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.2C1 16.5 0 20.1 0 24s1 7.5 2.7 10.8l7.8-6.2z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  ),
  apple: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8s2.3-1.3 3.1-2.5c1-1.4 1.4-2.8 1.4-2.9-.1 0-2.7-1-2.7-4.1zM13.9 5.1c.7-.9 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1.1 3 1.1.1 2.3-.6 3-1.4z"
      />
    </svg>
  ),
};

/**
 * "Continue with …" for each provider the server has switched on, in the login and registration
 * dialogs. A cancelled or failed provider popup is only logged (spec section 8); the server's
 * refusal is shown like a failed password login.
 */
export function SocialLogin({
  onSignedIn,
  withDivider = false,
  className = "",
}: {
  onSignedIn: () => void;
  /** an "or" line above the buttons (shown only with them) */
  withDivider?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const startSession = useStartSession();
  const auths = master?.social_auths;

  const login = useMutation({
    mutationFn: async ({ provider, proof }: { provider: SocialProvider; proof: Promise<SocialTokenBody> }) =>
      call("POST /auth/:provider/token", { params: { provider }, body: await proof }),
    onSuccess: (data) => {
      startSession(data);
      onSignedIn();
      toast.success(t("auth.login_successful"), SUCCESS_TOAST);
    },
    onError: (e) => {
      if (e instanceof ApiError) showApiError(e);
      else if (e instanceof SocialCancelled) console.info(e.message);
      else console.error(e instanceof Error ? e.message : e);
    },
  });

  if (!auths) return null;
  const active = SOCIAL_PROVIDERS.filter((p) => auths[p].is_active);
  if (active.length === 0) return null;

  return (
    <>
      {withDivider && (
        <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
          <span className="h-px flex-1 bg-slate-200" />
          {t("auth.or")}
          <span className="h-px flex-1 bg-slate-200" />
        </div>
      )}
      <ul aria-label={t("social.providers")} className={`space-y-2.5 ${className}`}>
        {active.map((provider) => (
          <li key={provider}>
            <Button
              type="button"
              disabled={login.isPending}
              onClick={() => {
                const proof = signInWith(provider, auths);
                proof.catch(() => undefined); // handled by the mutation, which awaits it
                login.mutate({ provider, proof });
              }}
              variant="outline"
              className="flex w-full items-center justify-center gap-3 bg-white disabled:opacity-70"
            >
              {ICONS[provider]}
              {t(`social.continue_with_${provider}`)}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
