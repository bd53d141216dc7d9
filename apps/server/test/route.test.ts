import { Writable } from "node:stream";
import { endpoints } from "@market/contract";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerRoutes } from "../src/lib/route.ts";

// registerRoutes (lib/route.ts): a handler answers `{ message, data }`, or through `reply` itself, as
// the settings answers do with their kept JSON.

describe("a declared route", () => {
  it("answers through reply without an error in the log", async () => {
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: "warn", stream } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const api = endpoints({
      "GET /kept": { data: z.object({ n: z.number() }) },
      "GET /made": { data: z.object({ n: z.number() }) },
    });
    registerRoutes(app, api, {
      "GET /kept": {
        handler: async (_, _req, reply) => reply.type("application/json").send('{"message":"Success","data":{"n":1}}'),
      },
      "GET /made": { handler: async () => ({ message: "Success", data: { n: 2 } }) },
    });
    const kept = await app.inject({ url: "/kept" });
    const made = await app.inject({ url: "/made" });
    await app.close();
    expect([kept.statusCode, kept.json()]).toEqual([200, { message: "Success", data: { n: 1 } }]);
    expect([made.statusCode, made.json()]).toEqual([200, { message: "Success", data: { n: 2 } }]);
    expect(logged).toEqual([]);
  });
});
