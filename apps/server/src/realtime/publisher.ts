import { Redis } from "ioredis";
import Pusher from "pusher";
import type { RealtimeConfig } from "../config.ts";
import type { Hub, RealtimeEvent } from "./hub.ts";

// Where published events go. One interface, three adapters chosen by configuration:
// - local: straight to this process's WebSocket hub (one instance, the default);
// - redis: through a Redis pub/sub topic every instance listens to, so a client connected to any
//   instance receives events published by any other (REDIS_URL);
// - pusher: to hosted Pusher, Soketi or another Pusher-compatible service (PUSHER_HOST).

export interface Publisher {
  readonly kind: "local" | "redis" | "pusher";
  publish(event: RealtimeEvent): Promise<void>;
  close(): Promise<void>;
}

/** What other modules use: publish an event (ids only) to channels. Never throws. */
export interface Realtime {
  publish(channels: string[], event: string, data: object): Promise<void>;
  readonly hub: Hub;
  readonly publisher: Publisher;
}

export function localPublisher(hub: Hub): Publisher {
  return {
    kind: "local",
    async publish(event) {
      hub.deliver(event);
    },
    async close() {},
  };
}

export async function redisPublisher(hub: Hub, url: string, appId: string): Promise<Publisher> {
  const topic = `realtime:${appId}`;
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  // A subscribed connection can only listen, so events come in on a second one.
  const sub = new Redis(url, { lazyConnect: true });
  await Promise.all([pub.connect(), sub.connect()]);
  sub.on("message", (channel: string, text: string) => {
    if (channel !== topic) return;
    try {
      hub.deliver(JSON.parse(text) as RealtimeEvent);
    } catch {}
  });
  await sub.subscribe(topic);
  return {
    kind: "redis",
    async publish(event) {
      await pub.publish(topic, JSON.stringify(event));
    },
    async close() {
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}

export function pusherPublisher(
  config: RealtimeConfig & { external: NonNullable<RealtimeConfig["external"]> },
): Publisher {
  const pusher = new Pusher({
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    host: config.external.host,
    port: String(config.external.port),
    useTLS: config.external.scheme === "https",
    timeout: 5000,
  });
  return {
    kind: "pusher",
    async publish(event) {
      // The SDK sends a string `data` as it is; at most 100 channels per call.
      for (let i = 0; i < event.channels.length; i += 100) {
        const channels = event.channels.slice(i, i + 100);
        await pusher.trigger(channels, event.event, event.data, event.socketId ? { socket_id: event.socketId } : {});
      }
    },
    async close() {},
  };
}
