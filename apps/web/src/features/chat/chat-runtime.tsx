import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useMaster } from "../settings/index.ts";
import { useChatStore } from "./chat-store.ts";
import { usePresencePing } from "./presence.ts";
import { chatKeys } from "./queries.ts";

/**
 * The chat's background work for a signed-in user, mounted once in the app shell: the presence
 * ping and the realtime subscription. pusher-js loads only when someone is signed in.
 */
export function ChatRuntime() {
  usePresencePing();
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.user?.id);
  const shopId = useChatStore((s) => s.sellerShopId);
  const { data: master } = useMaster();
  const key = master?.pusher_app_key;
  const cluster = master?.pusher_app_cluster;
  const host = master?.pusher_host;
  const port = master?.pusher_port;
  const scheme = master?.pusher_scheme;

  // One user's conversations are never shown to the next one signed in on this browser.
  const lastUser = useRef(userId);
  useEffect(() => {
    if (lastUser.current !== userId) queryClient.removeQueries({ queryKey: chatKeys.all });
    lastUser.current = userId;
  }, [userId, queryClient]);

  useEffect(() => {
    if (!token || !userId || !key || !cluster || !host || !port || !scheme) return;
    let stopped = false;
    let disconnect: (() => void) | undefined;
    import("./realtime.ts")
      .then(({ connectChat }) => {
        if (stopped) return;
        const master = {
          pusher_app_key: key,
          pusher_app_cluster: cluster,
          pusher_host: host,
          pusher_port: port,
          pusher_scheme: scheme,
        };
        disconnect = connectChat({ master, token, userId, shopId, queryClient });
      })
      .catch((error) => console.error(error));
    return () => {
      stopped = true;
      disconnect?.();
    };
  }, [token, userId, shopId, key, cluster, host, port, scheme, queryClient]);
  return null;
}
