import { profileUpdateBody, shopRegisterBody, supportTicketBody, ticketReplyBody } from "@market/contract";
import fc from "fast-check";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { requireAuth } from "../src/modules/auth/auth.plugin.ts";
import { nextIp } from "./auth-helpers.ts";
import { newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { tokenOf, userIdOf } from "./staff-helpers.ts";

// Malformed requests against every /api route, built from the routes' own zod schemas: whatever a
// client sends, the answer is a 4xx (or a 2xx), never a 5xx and never no answer at all.

// Every route the app registers, with its schema, seen through an onRoute hook on each new app.
const seen = vi.hoisted(() => ({ routes: [] as RouteOptions[] }));
vi.mock("fastify", async (importOriginal) => {
  const real = await importOriginal<typeof import("fastify")>();
  const fastify = (opts?: Parameters<typeof real.default>[0]) =>
    real.default(opts).addHook("onRoute", (route) => {
      seen.routes.push(route);
    });
  return { ...real, default: fastify };
});

const CASES = Number(process.env.FUZZ_CASES ?? 3000); // each sent anonymously and as a shopper
// A fixed seed keeps CI repeatable; FUZZ_SEED (and FUZZ_CASES) explore further by hand.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const ANSWER_WITHIN_MS = 10_000;

/** Forms read from multipart (or JSON) inside the handler, so their routes declare no body schema. */
const formSchemas: Record<string, z.ZodType> = {
  "POST /api/profile": profileUpdateBody,
  "POST /api/shop/register": shopRegisterBody,
  "POST /api/support-ticket/store": supportTicketBody,
  "POST /api/support-ticket/:ticketNumber/message": ticketReplyBody,
  "POST /api/admin/support-tickets/:ticketNumber/message": ticketReplyBody,
};

// ---- the schemas as JSON Schema (input side), which is simple to walk ----

interface Js {
  type?: string | string[];
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  anyOf?: Js[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

function jsonSchema(schema: unknown): Js {
  if (!(schema instanceof z.ZodType)) return {};
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Js;
  } catch {
    return {};
  }
}

/** The first non-null branch of a union, or the schema itself. */
function plain(js: Js): Js {
  const branches = js.anyOf ?? (Array.isArray(js.type) ? js.type.map((type) => ({ ...js, type })) : undefined);
  if (!branches) return js;
  return plain(branches.find((b) => b.type !== "null") ?? {});
}

// Plausible values by field name (emails and phones unique, so sign-ups get past "already taken").
const named: [RegExp, (n: number) => string][] = [
  [/email|phone/, (n) => `fuzz.${n}@example.org`],
  [/phone/, (n) => `555${1_000_000 + (n % 9_000_000)}`],
  [/phone_code/, () => "+1"],
  [/password/, () => "correct horse battery"],
  [/otp/, () => "1234"],
  [/url|uri/, () => "https://example.org/"],
  [/ticket/, () => "TK-ABCDEFGHIJ"],
  [/socket_id/, () => "1234.5678"],
  [/channel/, () => "private-chat_user_1"],
  [/locale|lang/, () => "en"],
];
const samples = ["Fuzz text", "1", "12345", "about-us", "cash", "user", "home", "en"];

/** A plausible string for a field: by its name, else a sample its rules accept. */
function sampleText(key: string, js: Js): fc.Arbitrary<string> {
  const fits = (s: string) =>
    s.length >= (js.minLength ?? 0) &&
    s.length <= (js.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!js.pattern || new RegExp(js.pattern, "u").test(s));
  const byName = named.filter(([re, f]) => re.test(key) && fits(f(1))).map(([, f]) => f);
  const bySample = samples.filter(fits).map((s) => () => s);
  const makers = byName.length > 0 ? byName : bySample.length > 0 ? bySample : [() => "x".repeat(js.minLength ?? 1)];
  return fc.tuple(fc.constantFrom(...makers), fc.nat()).map(([make, n]) => make(n));
}

/** A value its schema accepts (as far as JSON Schema tells). */
function valid(schema: Js, key = ""): fc.Arbitrary<unknown> {
  const js = plain(schema);
  if ("const" in js) return fc.constant(js.const);
  if (js.enum) return fc.constantFrom(...js.enum);
  switch (js.type) {
    case "object": {
      const props = Object.entries(js.properties ?? {}).map(([k, v]) => [k, valid(v, k)] as const);
      const known = new Set(props.map(([k]) => k));
      return fc.record(Object.fromEntries(props), { requiredKeys: (js.required ?? []).filter((k) => known.has(k)) });
    }
    case "array":
      return fc.array(valid(js.items ?? {}, key), { minLength: 1, maxLength: 3 });
    case "integer":
    case "number": {
      const min = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : 1);
      return fc.integer({ min, max: Math.min(js.maximum ?? min + 4, min + 4) });
    }
    case "boolean":
      return fc.boolean();
    case "string":
      return sampleText(key, js);
    default:
      return /id$/.test(key) ? fc.integer({ min: 1, max: 5 }) : sampleText(key, {});
  }
}

// ---- malformed values ----

const controls = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("\u0000", "\u0000\u0000") },
  { weight: 1, arbitrary: fc.constantFrom("\u0001", "\u0008", "\u000b", "\u001b", "\u007f") },
);
/** `text` with a control character (mostly NUL) somewhere in it. */
const withControl = (text: string) =>
  fc.tuple(controls, fc.nat({ max: text.length })).map(([c, i]) => text.slice(0, i) + c + text.slice(i));
const oddStrings = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\t\r\n",
    "null",
    "NaN",
    "-1",
    "1e309",
    "0x1f",
    "%00",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "\ud800",
    "\u202eevil",
    "🙂".repeat(300),
    "ß".repeat(2000),
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(300, 20_001, 100_000, 900_000).map((n) => "y".repeat(n)),
);
const oddNumbers = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
);
const wrongTypes = fc.constantFrom<unknown>(null, true, false, [], {}, [1], ["a"], { $ne: null }, [{}]);
const junk = fc.oneof(oddStrings, oddNumbers, wrongTypes);

/** Sets a key as an own property, also `__proto__`, so it reaches the JSON text. */
function put(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A value its schema refuses, or nearly so: control characters, wrong types, bad sizes, bad fields. */
function malformed(schema: Js, key = "", depth = 0): fc.Arbitrary<unknown> {
  const js = plain(schema);
  const entries = Object.entries(js.properties ?? {});
  if (js.type === "object" && entries.length > 0 && depth < 3) {
    const change = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.constantFrom(...entries).chain(([k, s]) => malformed(s, k, depth + 1).map((v) => [k, v])),
      },
      { weight: 1, arbitrary: fc.constantFrom(...entries).map(([k]) => [k, undefined]) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom("extra", "__proto__", "constructor", "a\u0000b", ""), junk) },
    );
    const changed = fc.tuple(valid(js), fc.array(change, { minLength: 1, maxLength: 3 })).map(([base, changes]) => {
      const out = { ...(base as Record<string, unknown>) };
      for (const [k, v] of changes as [string, unknown][]) {
        if (v === undefined) delete out[k];
        else put(out, k, v);
      }
      return out;
    });
    // Mostly one bad field in an otherwise valid value, so the request gets past the other checks.
    const oneField = fc
      .tuple(valid(js), fc.constantFrom(...entries))
      .chain(([base, [k, s]]) => malformed(s, k, depth + 1).map((v) => ({ ...(base as object), [k]: v })));
    return fc.oneof(
      { weight: 6, arbitrary: oneField },
      { weight: 3, arbitrary: changed },
      { weight: 1, arbitrary: junk },
    );
  }
  if (js.type === "array") return fc.oneof(fc.array(malformed(js.items ?? {}, key, depth + 1), { maxLength: 3 }), junk);
  const nearlyValid = valid(js, key).chain((v) => withControl(typeof v === "string" ? v : String(JSON.stringify(v))));
  return fc.oneof({ weight: 3, arbitrary: nearlyValid }, { weight: 2, arbitrary: junk });
}

// ---- requests ----

/** Percent-encodes a string; a lone surrogate becomes the bytes of one (invalid UTF-8). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
};

interface Route {
  method: string;
  url: string;
  params: string[];
  paramsJs: Js;
  queryJs: Js | null;
  bodyJs: Js | null;
  /** the route asks for a signed-in user (`requireAuth`) */
  signedIn: boolean;
}

interface Body {
  contentType?: string;
  payload: string | Buffer;
}

interface Case {
  path: string;
  query: string;
  body?: Body;
}

/** A path segment: a (nearly) valid value, or garbage, percent-encoded unless it is raw garbage. */
const segment = (js: Js, name: string) =>
  fc.oneof(
    { weight: 2, arbitrary: valid(js, name).map((v) => enc(String(v))) },
    { weight: 4, arbitrary: malformed(js, name).map((v) => enc(String(v)).slice(0, 400)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom("%00", "1%00", "%00%00", "%ZZ", "%E0%A4%A", "..%2F..", "%2e%2e", "%20", "-1", "0"),
    },
  );

/** A query string: the schema's fields (some malformed), repeated keys, raw garbage. */
function queryString(js: Js | null): fc.Arbitrary<string> {
  const pairs = js
    ? malformed(js).map((q) =>
        q && typeof q === "object" && !Array.isArray(q)
          ? Object.entries(q as Record<string, unknown>).flatMap(([k, v]) =>
              (Array.isArray(v) ? v : [v]).map(
                (x) => `${enc(k)}=${enc(typeof x === "object" ? JSON.stringify(x) : String(x))}`,
              ),
            )
          : [`q=${enc(String(q))}`],
      )
    : fc.constant([] as string[]);
  const raw = fc.constantFrom(
    "",
    "",
    "search=%00",
    "page=%00",
    "page=1&page=2",
    "a[b]=1",
    "%00=1",
    "search=%ZZ",
    "per_page=1e9",
  );
  return fc.tuple(pairs, raw).map(([p, r]) => [...p, r].filter(Boolean).join("&"));
}

const contentTypes = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/jsonx",
  "application/vnd.api+json",
  "multipart/mixed",
  "*/*",
];
const badJson = [
  "{",
  '{"a":',
  "[1,",
  "nul",
  '"\\u0000"',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  "",
  "   ",
  "\u0000",
  '{"a":1}garbage',
  "1e999",
  '"\\ud800"',
];

const CRLF = "\r\n";
/** A multipart text; its boundary is "FuzzBoundary". */
function multipartText(fields: Record<string, unknown>, file?: { field: string; bytes: string }) {
  let out = "";
  for (const [k, v] of Object.entries(fields)) {
    const value = typeof v === "string" ? v : JSON.stringify(v);
    out += `--FuzzBoundary${CRLF}Content-Disposition: form-data; name="${k}"${CRLF}${CRLF}${value}${CRLF}`;
  }
  if (file) {
    out += `--FuzzBoundary${CRLF}Content-Disposition: form-data; name="${file.field}"; filename="a.png"${CRLF}`;
    out += `Content-Type: image/png${CRLF}${CRLF}${file.bytes}${CRLF}`;
  }
  return `${out}--FuzzBoundary--${CRLF}`;
}

function multipartBody(js: Js): fc.Arbitrary<Body> {
  const fields = malformed(js).map((v) => (v && typeof v === "object" && !Array.isArray(v) ? v : { value: v }));
  const file = fc.option(
    fc.record({
      field: fc.constantFrom("profile_photo", "shop_logo", "attachments[]", "attachments", "other"),
      bytes: fc.oneof(fc.constant("\x89PNG\r\n\x1a\n"), fc.string({ unit: "binary", maxLength: 50 })),
    }),
    { nil: undefined },
  );
  const text = fc.tuple(fields, file).map(([f, x]) => multipartText(f as Record<string, unknown>, x));
  const boundary = "multipart/form-data; boundary=FuzzBoundary";
  return fc.oneof(
    text.map((payload) => ({ contentType: boundary, payload })),
    // cut short
    fc.tuple(text, fc.double({ min: 0, max: 1, noNaN: true })).map(([t, f]) => ({
      contentType: boundary,
      payload: t.slice(0, Math.floor(t.length * f)),
    })),
    // no boundary, or a bad one
    fc
      .tuple(
        text,
        fc.constantFrom(
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "multipart/form-data; boundary=Other",
          `multipart/form-data; boundary=${"b".repeat(300)}`,
          'multipart/form-data; boundary="unclosed',
        ),
      )
      .map(([payload, contentType]) => ({ contentType, payload })),
    // broken part headers, too many parts
    fc
      .constantFrom(
        `--FuzzBoundary${CRLF}Content-Disposition: form-data${CRLF}${CRLF}x${CRLF}--FuzzBoundary--${CRLF}`,
        `--FuzzBoundary${CRLF}garbage header${CRLF}${CRLF}x${CRLF}--FuzzBoundary--${CRLF}`,
        `--FuzzBoundary${CRLF}${"X-Long: y".repeat(2000)}${CRLF}${CRLF}x${CRLF}--FuzzBoundary--${CRLF}`,
        multipartText(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, "v"]))),
        multipartText({ __proto__x: "1", name: "a\u0000b" }).replace("__proto__x", "__proto__"),
        "",
      )
      .map((payload) => ({ contentType: boundary, payload })),
  );
}

function bodyOf(route: Route): fc.Arbitrary<Body | undefined> {
  if (route.method === "GET" || route.method === "DELETE") return fc.constant(undefined);
  const js = route.bodyJs ?? { type: "object", properties: { name: { type: "string" } } };
  const json = malformed(js).map((v) => ({ contentType: "application/json", payload: JSON.stringify(v) ?? "null" }));
  return fc.oneof(
    { weight: 6, arbitrary: json },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...badJson).map((payload) => ({ contentType: "application/json", payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(json, fc.constantFrom(...contentTypes))
        .map(([b, contentType]) => ({ contentType, payload: b.payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("a=%00&b=1", "name=x%00y")
        .map((payload) => ({ contentType: "application/x-www-form-urlencoded", payload })),
    },
    { weight: 3, arbitrary: multipartBody(js) },
    { weight: 1, arbitrary: fc.constant({ payload: "{}" }) },
  );
}

function caseOf(route: Route): fc.Arbitrary<Case> {
  const params = route.params.map((name) => segment(route.paramsJs.properties?.[name] ?? {}, name));
  const path = fc
    .tuple(...params)
    .map((values) => route.params.reduce((url, name, i) => url.replace(`:${name}`, values[i] as string), route.url));
  return fc.record({
    path: route.params.length > 0 ? path : fc.constant(route.url),
    query: queryString(route.queryJs),
    body: bodyOf(route),
  });
}

function routesOf(all: RouteOptions[]): Route[] {
  const out = new Map<string, Route>();
  for (const r of all) {
    if (!r.url.startsWith("/api/")) continue;
    for (const method of [r.method].flat()) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      const schema = (r.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
      const form = formSchemas[`${method} ${r.url}`];
      out.set(`${method} ${r.url}`, {
        method,
        url: r.url,
        params: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
        paramsJs: jsonSchema(schema.params),
        queryJs: schema.querystring ? jsonSchema(schema.querystring) : null,
        bodyJs: schema.body ? jsonSchema(schema.body) : form ? jsonSchema(form) : null,
        signedIn: [r.preValidation, r.preHandler].flat().includes(requireAuth),
      });
    }
  }
  return [...out.values()];
}

interface Failure {
  route: string;
  status: number | string;
  answer: string;
  request: string;
}

async function send(app: FastifyInstance, route: Route, c: Case, token?: string): Promise<Failure | null> {
  const url = c.query ? `${c.path}?${c.query}` : c.path;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (c.body?.contentType) headers["content-type"] = c.body.contentType;
  const request = JSON.stringify({
    url: url.slice(0, 300),
    headers,
    payload: String(c.body?.payload ?? "").slice(0, 300),
  });
  const fail = (status: number | string, answer: string) => ({
    route: `${route.method} ${route.url}`,
    status,
    answer,
    request,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const res = await Promise.race([
      app.inject({
        method: route.method as "GET",
        url,
        headers,
        ...(c.body && { payload: c.body.payload }),
        remoteAddress: nextIp(),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
      }),
    ]);
    return res.statusCode >= 500 ? fail(res.statusCode, res.body.slice(0, 300)) : null;
  } catch (e) {
    return fail("error", String(e));
  } finally {
    clearTimeout(timer);
  }
}

describe.each(dbKinds)("fuzzed requests on %s", (kind) => {
  let t: TestApp;
  let routes: Route[];
  let shopperToken: string;
  // The Seller Centre's and the admin console's routes check the role before the input: they are
  // fuzzed as a shop owner and as the admin too, so their own checks meet the malformed input.
  let ownerToken: string;
  let adminToken: string;
  const newToken = async () => (await newShoppers(t.dbh, 1))[0]?.token as string;

  beforeAll(async () => {
    seen.routes.length = 0;
    t = await openTestApp(kind);
    routes = routesOf(seen.routes);
    shopperToken = await newToken();
    ownerToken = await tokenOf(t.dbh, await userIdOf(t.dbh, "owner1@example.com"));
    adminToken = await tokenOf(t.dbh, await userIdOf(t.dbh, "admin@example.com"));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("sees the routes and their schemas", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.bodyJs).length).toBeGreaterThan(20);
    expect(routes.find((r) => r.url === "/api/support-ticket/:ticketNumber")?.paramsJs.properties).toHaveProperty(
      "ticketNumber",
    );
  });

  it("asks a visitor to sign in (401) before reading the input of a route that needs a user", async () => {
    const needUser = routes.filter((r) => r.signedIn);
    expect(needUser.map((r) => `${r.method} ${r.url}`)).toContain("POST /api/cart/store");
    for (const r of needUser) {
      const res = await t.app.inject({
        method: r.method as "GET",
        url: r.url.replace(/:\w+/g, "1"),
        ...(r.method !== "GET" && { payload: {} }),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBe(401);
    }
  });

  it("never answers a malformed request with a 5xx", { timeout: 120_000 }, async () => {
    const failures: Failure[] = [];
    // Routes with more fields get more cases.
    const weight = (r: Route) =>
      1 + [r.paramsJs, r.queryJs, r.bodyJs].reduce((n, js) => n + Object.keys(js?.properties ?? {}).length, 0);
    const totalWeight = routes.reduce((n, r) => n + weight(r), 0);
    let cases = 0;
    for (const [i, route] of routes.entries()) {
      // A fuzzed logout (or password change) ends the shopper's session: the next route gets a new one.
      const me = await t.app.inject({ url: "/api/user", headers: { authorization: `Bearer ${shopperToken}` } });
      if (me.statusCode === 401) shopperToken = await newToken();
      await fc.assert(
        fc.asyncProperty(caseOf(route), async (c) => {
          cases += 1;
          const staff = route.url.startsWith("/api/seller/")
            ? ownerToken
            : route.url.startsWith("/api/admin/")
              ? adminToken
              : null;
          for (const token of staff ? [undefined, shopperToken, staff] : [undefined, shopperToken]) {
            const failure = await send(t.app, route, c, token);
            if (failure) failures.push(failure);
          }
        }),
        { seed: SEED + i, numRuns: Math.ceil((CASES * weight(route)) / totalWeight) },
      );
    }
    expect(cases).toBeGreaterThanOrEqual(CASES);
    const distinct = new Map(failures.map((f) => [`${f.route} -> ${f.status} ${f.answer}`, f]));
    const report = [...distinct.values()].map((f) => `${f.route} -> ${f.status} ${f.answer}\n    ${f.request}`);
    expect(
      failures.length,
      `${failures.length} answers 5xx (${distinct.size} distinct; FUZZ_SEED=${SEED}):\n${report.join("\n")}`,
    ).toBe(0);
  });
});
