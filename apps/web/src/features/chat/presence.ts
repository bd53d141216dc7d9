import { LAST_SEEN_PING_MS } from "@market/contract";
import { useEffect } from "react";
import { call } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";

/**
 * The last-seen ping (spec section 4): once when the shell loads with a token, then every 10
 * minutes while the token exists; it stops when the token goes and restarts, with an immediate
 * ping, when a token comes back.
 */
export function usePresencePing() {
  const token = useAuthStore((s) => s.token);
  useEffect(() => {
    if (!token) return;
    // The spec shows no handling of a failed ping; a 401 already ends the session in the client.
    const ping = () => void call("POST /update-last-seen", {}).catch(() => undefined);
    ping();
    const timer = setInterval(ping, LAST_SEEN_PING_MS);
    return () => clearInterval(timer);
  }, [token]);
}
