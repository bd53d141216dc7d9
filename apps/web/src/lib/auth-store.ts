import type { AuthUser } from "@market/contract";
import { create } from "zustand";
import { persist } from "zustand/middleware";

// The session, shared below the features: the API client (api/client.ts) sends its token and ends it
// on a 401; features read who is signed in. The auth feature's dialogs start and end it.

/** The signed-in user as the shell shows it (spec section 3, auth state). */
export type SessionUser = Pick<AuthUser, "id" | "name" | "phone" | "profile_photo" | "role">;

type AuthState = {
  token: string | null;
  user: SessionUser | null;
  setSession: (token: string, user: SessionUser) => void;
  setUser: (user: SessionUser) => void;
  clear: () => void;
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      setSession: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
      clear: () => set({ token: null, user: null }),
    }),
    { name: "auth", partialize: (s) => ({ token: s.token, user: s.user }) },
  ),
);
