import { hash } from "node:crypto";
import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clock } from "./clock.ts";
import { requestLocale } from "./i18n.ts";
import { TtlCache } from "./ttl-cache.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** the answer differs for a signed-in shopper: a request with a token is answered `private, no-store` */
    perUser?: boolean;
    /** the answer is the same for everyone while `versioned`'s version holds: it is kept by that version */
    keptByVersion?: boolean;
  }
}

const JSON_TYPE = "application/json; charset=utf-8";
const VARY = ["accept-language", "accept-encoding"];
const VARY_PER_USER = [...VARY, "authorization"];

/** Answers smaller than this are sent uncompressed (the compress plugin's threshold, app.ts). */
export const COMPRESS_THRESHOLD = 1024;

const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];
const encoders: Record<Encoding, (body: Buffer) => Buffer> = {
  // The compress plugin's brotli quality: a kept answer is as small as a fresh one.
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => zlib.gzipSync(body),
};

/**
 * A visitors' answer as this process keeps it, worked out once: the serialised body, already UTF-8 (a
 * string would be encoded again on every send), and its tag.
 */
export interface KeptAnswer {
  body: Buffer;
  etag: string;
}

/**
 * Answers kept by what they show: `state` reads the version of that (one cheap query) and until when
 * an answer built at it holds, whatever the version says (a clock-bound change); an answer is kept at
 * most `maxAgeMs`, for what the version does not follow.
 */
export interface VersionedAnswers {
  state: (req: FastifyRequest) => Promise<{ version: number; until: number }>;
  maxAgeMs: number;
}

/**
 * Compressed public answers by encoding and tag: an answer is compressed once however often it is
 * sent (compressing on every send cost a kept answer nine tenths of its speed), also when it is made
 * afresh, as settings and a signed-in shopper's catalogue answers are.
 */
const compressed = new TtlCache<Buffer>(60_000, 500);

/** A public answer's bytes in an encoding the request accepts, and that encoding. */
function encodedBody(req: FastifyRequest, body: string | Buffer, etag: string) {
  const accepted = req.headers["accept-encoding"];
  if (!accepted || body.length < COMPRESS_THRESHOLD) return { body };
  const encoding = negotiate(accepted.toLowerCase(), [...ENCODINGS]);
  if (!encoding) return { body };
  const key = `${encoding} ${etag}`;
  let bytes = compressed.get(key);
  if (!bytes) {
    bytes = encoders[encoding](Buffer.isBuffer(body) ? body : Buffer.from(body));
    compressed.set(key, bytes);
  }
  return { body: bytes, encoding };
}

/** Sends `body` compressed as `encodedBody` chose; the compress plugin leaves an answer that has its encoding. */
function withEncoding(req: FastifyRequest, reply: FastifyReply, body: string | Buffer, etag: string) {
  const encoded = encodedBody(req, body, etag);
  if ("encoding" in encoded) reply.header("content-encoding", encoded.encoding);
  return encoded.body;
}

/**
 * A weak tag of a serialised answer. Weak, because @fastify/compress runs after this hook and sends
 * other bytes per Accept-Encoding for the same answer, which a strong tag would have to tell apart.
 */
export const weakEtag = (body: string | Buffer): string => `W/"${hash("sha1", body, "base64url")}"`;

/** If-None-Match compares weakly (RFC 9110, 13.1.2): any listed tag with the same opaque part, or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((item) => {
    const tag = item.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

function addVary(reply: FastifyReply, fields: string[]): void {
  const set = reply.getHeader("vary");
  if (set === undefined) {
    reply.header("vary", fields.join(", "));
    return;
  }
  const current = String(set)
    .split(",")
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  reply.header("vary", [...new Set([...current, ...fields])].join(", "));
}

/**
 * Makes the GET answers of the plugin it is called in cacheable by browsers and shared caches (a CDN):
 * a 200 gets a weak ETag of its body, `Cache-Control: public, max-age=0, s-maxage=<CATALOG_CACHE_SECONDS,
 * at least 5>, stale-while-revalidate=60` and `Vary: Accept-Language, Accept-Encoding`; a request whose
 * If-None-Match holds that tag gets 304 without a body. So the answers must be the same for everyone
 * for a URL and language. A route with `config.perUser` differs for a signed-in shopper: a request
 * with an Authorization header gets it `private, no-store`, and the public one varies on Authorization.
 * With `memory`, visitors' 200 answers are also kept in this process, by language and URL, and sent
 * from there before the request is validated; a signed-in shopper's request is answered fresh (the
 * same body, just not kept). With `versioned`, the answers of routes with `config.keptByVersion` are
 * kept by the version it reads, for everyone: they are exact, not a few seconds old.
 */
export function cacheablePublicAnswers(
  app: FastifyInstance,
  { memory, versioned }: { memory?: TtlCache<KeptAnswer>; versioned?: VersionedAnswers } = {},
): void {
  const sharedSeconds = Math.max(5, Math.round(app.config.catalogCacheMs / 1000));
  const publicCacheControl = `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=60`;
  const perUser = (req: FastifyRequest) => req.routeOptions.config.perUser === true;
  const personal = (req: FastifyRequest) => perUser(req) && req.headers.authorization !== undefined;
  // A route that reads no query answers the same whatever query string a URL carries (a tracking
  // parameter, a made-up one): one key for all, so such URLs can neither fill the kept answers nor
  // push out the ones that are asked for.
  const urlOf = (req: FastifyRequest) =>
    req.routeOptions.schema?.querystring ? req.url : (req.url.split("?", 1)[0] as string);
  const memoryKey = (req: FastifyRequest) => `${requestLocale(req)} ${urlOf(req)}`;
  // A signed-in shopper is answered fresh: one who just bought the last unit must see it gone.
  const signedIn = (req: FastifyRequest) => req.headers.authorization !== undefined;
  const fromMemory = new WeakSet<FastifyRequest>();
  const byVersion = versioned && new TtlCache<KeptAnswer & { until: number }>(versioned.maxAgeMs, 1000);
  /** Where a versioned answer being built goes: its key and until when it holds. */
  const toKeep = new WeakMap<FastifyRequest, { key: string; until: number }>();

  const publicHeaders = (req: FastifyRequest, reply: FastifyReply, etag: string) => {
    reply.header("etag", etag).header("cache-control", publicCacheControl);
    addVary(reply, perUser(req) ? VARY_PER_USER : VARY);
  };
  /** 304 without a body when the request already holds the answer's tag. */
  const notModified = (req: FastifyRequest, reply: FastifyReply, etag: string) => {
    if (!matchesIfNoneMatch(req.headers["if-none-match"], etag)) return false;
    reply.code(304).removeHeader("content-type").removeHeader("content-length");
    return true;
  };

  const sendKept = (req: FastifyRequest, reply: FastifyReply, hit: KeptAnswer) => {
    fromMemory.add(req);
    publicHeaders(req, reply, hit.etag);
    if (notModified(req, reply, hit.etag)) return reply.send();
    return reply.type(JSON_TYPE).send(withEncoding(req, reply, hit.body, hit.etag));
  };

  if (memory || byVersion) {
    // Before the body is parsed and the request validated: a kept answer was made for this very URL,
    // so it passed validation then, and a visitor's answer needs no session. After every onRequest
    // hook, the rate limit's included (it is a route's own hook, which runs after the plugins').
    app.addHook("preParsing", async (req, reply) => {
      if (req.method !== "GET") return;
      const visitors = memory && !signedIn(req) ? memory.get(memoryKey(req)) : undefined;
      if (visitors !== undefined) return sendKept(req, reply, visitors);
      if (!versioned || !byVersion || !req.routeOptions.config.keptByVersion) return;
      // Read before the handler reads anything: a write in between moves the version past this one.
      const { version, until } = await versioned.state(req);
      const key = `${version} ${memoryKey(req)}`;
      const now = clock.ms();
      const hit = byVersion.get(key, now);
      if (hit !== undefined && now < hit.until) {
        // Visitors then get it from `memory` for its few seconds, without reading the version each
        // time, as they do an answer just built (onSend below).
        if (memory && !signedIn(req)) memory.set(memoryKey(req), hit);
        return sendKept(req, reply, hit);
      }
      toKeep.set(req, { key, until });
    });
  }

  app.addHook("onSend", async (req, reply, payload) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || reply.statusCode !== 200) return payload;
    if (fromMemory.has(req)) return payload;
    if (personal(req)) {
      reply.header("cache-control", "private, no-store");
      return payload;
    }
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    // A kept answer comes with its kept tag (the settings answers); the rest are tagged here.
    const etag = (reply.getHeader("etag") as string | undefined) ?? weakEtag(payload);
    const keep = toKeep.get(req);
    const forVisitors = memory !== undefined && req.method === "GET" && !signedIn(req);
    if ((keep || forVisitors) && typeof payload === "string") {
      const kept = { body: Buffer.from(payload), etag };
      if (keep) byVersion?.set(keep.key, { ...kept, until: keep.until }, clock.ms());
      if (forVisitors) memory.set(memoryKey(req), kept);
    }
    publicHeaders(req, reply, etag);
    return notModified(req, reply, etag) ? null : withEncoding(req, reply, payload, etag);
  });
}
