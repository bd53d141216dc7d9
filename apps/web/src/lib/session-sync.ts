import { AUTH_STORAGE_KEY, type SessionUser, useAuthStore } from "./auth-store.ts";

type Stored = { token: string | null; user: SessionUser | null };

/** The session another tab wrote under the "auth" key (zustand's `{ state, version }`); none when unreadable. */
function readStored(value: string | null): Stored {
  try {
    const state = (JSON.parse(value ?? "null") as { state?: Partial<Stored> } | null)?.state;
    return state?.token ? { token: state.token, user: state.user ?? null } : { token: null, user: null };
  } catch {
    return { token: null, user: null };
  }
}

/**
 * Makes this tab follow the session of the browser's other tabs (issue 21, item 8): the browser fires
 * `storage` here when another tab writes the persisted session, so its sign-out ends this tab's
 * session (reason "other-tab": the app shell drops the user's cached data) and its sign-in, or a
 * new profile, shows here. Writing the same value back causes no event, so tabs do not echo.
 * `onSignIn` hears another tab's sign-in, to refetch what depends on who is signed in.
 * Answers the stop.
 */
export function followOtherTabs(onSignIn: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    // A null key: the other tab cleared its whole storage, the session with it.
    if (e.storageArea !== window.localStorage || (e.key !== null && e.key !== AUTH_STORAGE_KEY)) return;
    const next = readStored(e.key === null ? null : e.newValue);
    const store = useAuthStore.getState();
    if (!next.token) return store.clear("other-tab");
    if (next.token === store.token && JSON.stringify(next.user) === JSON.stringify(store.user)) return;
    const changedUser = next.token !== store.token;
    useAuthStore.setState({ token: next.token, user: next.user });
    if (changedUser) onSignIn();
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
