import { AUTH_MESSAGES, type AuthUser } from "@market/contract";
import { useTranslation } from "react-i18next";
import { create } from "zustand";
import { persist } from "zustand/middleware";

// The session, shared below the features: the API client (api/client.ts) sends its token and ends it
// on a 401; features read who is signed in. The auth feature's dialogs start and end it. Other tabs
// follow it through lib/session-sync.ts.

/**
 * The signed-in user as the shell shows it (spec section 3, auth state). `phone_code` is absent
 * from a session kept before the shell showed it.
 */
export type SessionUser = Pick<AuthUser, "id" | "name" | "phone" | "profile_photo" | "role"> &
  Partial<Pick<AuthUser, "phone_code" | "is_guest">>;

/**
 * Why a session ended: "logout" (the user asked, or code that simply ends it), "expired" (the API
 * answered 401 to its token: the app shell then tells the user and leaves the page, app/session-events.ts),
 * "other-tab" (another tab of this browser signed out).
 */
export type EndReason = "logout" | "expired" | "other-tab";

type AuthState = {
  token: string | null;
  user: SessionUser | null;
  setSession: (token: string, user: SessionUser) => void;
  setUser: (user: SessionUser) => void;
  clear: (reason?: EndReason) => void;
};

/** The localStorage key of the persisted session; a change there in another tab is that tab's sign-in or sign-out. */
export const AUTH_STORAGE_KEY = "auth";

const endListeners = new Set<(reason: EndReason) => void>();

/** Calls `listener` each time a session ends, with why; answers the unsubscribe. */
export function onSessionEnd(listener: (reason: EndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/**
 * Calls `forget` when the signed-in account leaves this browser: it signs out (however the session
 * ended) or another account signs in. What one person did here is not shown to the next.
 */
export function onAccountLeft(forget: () => void): () => void {
  return useAuthStore.subscribe((state, prev) => {
    if (prev.token && prev.user?.id !== state.user?.id) forget();
  });
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      token: null,
      user: null,
      setSession: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
      clear: (reason = "logout") => {
        const hadSession = get().token !== null;
        set({ token: null, user: null });
        // Once per session: a burst of 401s ends it at the first, the later ones find no session.
        if (hadSession) for (const listener of endListeners) listener(reason);
      },
    }),
    { name: AUTH_STORAGE_KEY, partialize: (s) => ({ token: s.token, user: s.user }) },
  ),
);

/** The signed-in user's name as the shell shows it: a guest's "Guest" in the page's language. */
export function useSessionName(): string {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  if (!user) return "";
  return user.is_guest && user.name === AUTH_MESSAGES.guestName ? t("common.guest") : user.name;
}
