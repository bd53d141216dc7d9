import crypto from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { safeEqual } from "../lib/crypto.ts";
import { realtimeConnections, realtimeMessages } from "../lib/metrics.ts";
import { CHANNEL_NAME, channelAuth } from "./signature.ts";

// A Pusher Channels (protocol 7) server on the app's own port: WebSocket at /app/{key}, public
// and private channels, ping/pong, and the protocol's error and close codes, so the stock
// pusher-js client connects to it unchanged. Client events and presence channels are not offered.

/** Seconds of silence after which a client pings (sent in the handshake); Pusher's own value. */
export const ACTIVITY_TIMEOUT_S = 120;
/** Seconds a silent client gets to answer our ping before it is dropped (4201). */
const PONG_TIMEOUT_S = 30;
const MAX_CHANNELS_PER_SOCKET = 100;
const MAX_MESSAGE_BYTES = 10 * 1024;

export const CLOSE = {
  unknownKey: 4001,
  unsupportedProtocol: 4007,
  unauthorised: 4009,
  shutdown: 4200,
  pongTimeout: 4201,
} as const;

/** An event for the subscribers of some channels; `data` is the JSON text subscribers receive. */
export interface RealtimeEvent {
  channels: string[];
  event: string;
  data: string;
  /** the socket that caused the event, which does not receive it (Pusher's `socket_id`) */
  socketId?: string | undefined;
}

export interface HubOptions {
  key: string;
  secret: string;
  /** true when a browser page from this Origin may connect */
  originAllowed: (origin: string) => boolean;
}

interface Client {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  lastSeen: number;
  pinged: boolean;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const frame = (event: string, data: unknown, channel?: string) =>
  JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });

export class Hub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, clientTracking: false });
  private readonly clients = new Set<Client>();
  private readonly channels = new Map<string, Set<Client>>();
  private readonly prefix = crypto.randomInt(1, 2 ** 31);
  private seq = 0;
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: HubOptions) {}

  /** Takes over HTTP upgrades of `server` for /app/{key}; other paths get 404. */
  attach(server: Server): void {
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
    this.sweeper = setInterval(() => this.sweep(), 10_000);
    this.sweeper.unref();
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // A request target that is not a URL (`http://[bad/…`) is a 404 like any other unknown path.
    const url = URL.canParse(req.url ?? "/", "http://x") ? new URL(req.url ?? "/", "http://x") : undefined;
    const match = url?.pathname.match(/^\/app\/([^/]+)$/);
    if (!url || !match || this.closed) {
      socket.end(`HTTP/1.1 ${this.closed ? "503 Service Unavailable" : "404 Not Found"}\r\nconnection: close\r\n\r\n`);
      return;
    }
    socket.on("error", () => socket.destroy());
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // Errors go to the client in the protocol (pusher:error, then a close code it acts on).
      const refuse = (code: number, message: string) => {
        ws.send(frame("pusher:error", { code, message }));
        ws.close(code, message);
      };
      const origin = req.headers.origin;
      if (origin !== undefined && !this.options.originAllowed(origin)) {
        return refuse(CLOSE.unauthorised, `Origin ${origin.slice(0, 100)} is not allowed`);
      }
      if (match[1] !== this.options.key) {
        return refuse(CLOSE.unknownKey, `App key ${(match[1] ?? "").slice(0, 100)} does not exist`);
      }
      const protocol = Number(url.searchParams.get("protocol") ?? 7);
      if (protocol < 5 || protocol > 7) return refuse(CLOSE.unsupportedProtocol, "Unsupported protocol version");
      this.open(ws);
    });
  }

  private open(ws: WebSocket): void {
    this.seq += 1;
    const client: Client = {
      ws,
      socketId: `${this.prefix}.${this.seq}`,
      channels: new Set(),
      lastSeen: Date.now(),
      pinged: false,
    };
    this.clients.add(client);
    realtimeConnections.inc();
    ws.on("message", (raw, isBinary) => {
      realtimeMessages.inc({ direction: "in" });
      this.receive(client, raw.toString(), isBinary);
    });
    ws.on("close", () => this.drop(client));
    ws.on("error", () => ws.terminate());
    const established = JSON.stringify({ socket_id: client.socketId, activity_timeout: ACTIVITY_TIMEOUT_S });
    ws.send(frame("pusher:connection_established", established));
  }

  private receive(client: Client, text: string, isBinary: boolean): void {
    client.lastSeen = Date.now();
    client.pinged = false;
    const reply = (event: string, data: unknown, channel?: string) => client.ws.send(frame(event, data, channel));
    const error = (message: string) => reply("pusher:error", { code: null, message });
    const msg = isBinary ? null : parseJson(text);
    if (typeof msg !== "object" || msg === null) {
      error("Invalid message");
      return;
    }
    const { event } = msg as { event?: unknown };
    // pusher-js sends `data` as an object; other clients send it as JSON text.
    let data = (msg as { data?: unknown }).data;
    if (typeof data === "string") data = parseJson(data);
    const d = (typeof data === "object" && data !== null ? data : {}) as { channel?: unknown; auth?: unknown };
    if (event === "pusher:ping") reply("pusher:pong", {});
    else if (event === "pusher:pong") return;
    else if (event === "pusher:subscribe") {
      const refusal = this.subscribe(client, d.channel, d.auth);
      if (refusal) error(refusal);
      else reply("pusher_internal:subscription_succeeded", "{}", d.channel as string);
    } else if (event === "pusher:unsubscribe") {
      if (typeof d.channel === "string") this.leave(client, d.channel);
    } else if (typeof event === "string" && event.startsWith("client-")) {
      error("Client events are not enabled for this app");
    } else {
      error(`Unknown event ${String(event).slice(0, 50)}`);
    }
  }

  /** Adds the client to the channel; answers why not when it may not join. */
  private subscribe(client: Client, channel: unknown, auth: unknown): string | null {
    if (typeof channel !== "string" || !CHANNEL_NAME.test(channel)) return "Invalid channel name";
    if (channel.startsWith("presence-")) return "Presence channels are not supported";
    if (channel.startsWith("private-")) {
      const expected = channelAuth(this.options.key, this.options.secret, client.socketId, channel);
      if (typeof auth !== "string" || !safeEqual(auth, expected)) return `Invalid signature for channel ${channel}`;
    }
    if (client.channels.has(channel)) return null;
    if (client.channels.size >= MAX_CHANNELS_PER_SOCKET) return "Too many channels on one connection";
    client.channels.add(channel);
    let members = this.channels.get(channel);
    if (!members) {
      members = new Set();
      this.channels.set(channel, members);
    }
    members.add(client);
    return null;
  }

  private leave(client: Client, channel: string): void {
    client.channels.delete(channel);
    const members = this.channels.get(channel);
    members?.delete(client);
    if (members?.size === 0) this.channels.delete(channel);
  }

  private drop(client: Client): void {
    for (const channel of client.channels) this.leave(client, channel);
    if (this.clients.delete(client)) realtimeConnections.dec();
  }

  /** Sends an event to this instance's subscribers of its channels. */
  deliver(e: RealtimeEvent): void {
    for (const channel of e.channels) {
      const members = this.channels.get(channel);
      if (!members) continue;
      const text = frame(e.event, e.data, channel);
      for (const c of members) {
        if (c.socketId !== e.socketId && c.ws.readyState === WebSocket.OPEN) {
          c.ws.send(text);
          realtimeMessages.inc({ direction: "out" });
        }
      }
    }
  }

  /** Pings clients silent for the activity timeout; drops those that stayed silent after it. */
  private sweep(): void {
    const now = Date.now();
    for (const c of this.clients) {
      const silentFor = (now - c.lastSeen) / 1000;
      if (c.pinged && silentFor > ACTIVITY_TIMEOUT_S + PONG_TIMEOUT_S) {
        c.ws.close(CLOSE.pongTimeout, "Pong reply not received");
      } else if (!c.pinged && silentFor > ACTIVITY_TIMEOUT_S) {
        c.pinged = true;
        c.ws.send(frame("pusher:ping", {}));
      }
    }
  }

  /** Closes every connection with 4200 (reconnect): the server is going away, another will answer. */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const c of this.clients) c.ws.close(CLOSE.shutdown, "Server shutting down");
    realtimeConnections.dec(this.clients.size);
    this.clients.clear();
    this.channels.clear();
    this.wss.close();
  }
}
