import { endpoints } from "@market/contract";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerRoutes } from "../src/lib/route.ts";
import { answerSerializer, answerWriter } from "../src/lib/serialize.ts";

// lib/serialize.ts: an answer holds what its schema declares and nothing else, in production (the
// writer alone) as under the tests (the writer checked against zod).

const user = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });
const answer = z.object({
  user,
  friends: z.array(user),
  best: user.nullable(),
  tags: z.record(z.string(), z.number()),
  since: z.string().optional(),
});
// What a careless handler might pass on: database rows with their secrets.
const row = (id: number) => ({ id, name: `u${id}`, note: null, password_hash: "secret", email: "a@b.c" });

describe("answers written from their schema", () => {
  it("leave out every field the schema does not declare, at any depth", () => {
    const text = answerWriter(answer)({
      user: row(1),
      friends: [row(2), row(3)],
      best: row(4),
      tags: { a: 1 },
      internal: true,
    });
    expect(text).not.toMatch(/password_hash|email|internal|secret/);
    expect(JSON.parse(text)).toEqual({
      user: { id: 1, name: "u1", note: null },
      friends: [
        { id: 2, name: "u2", note: null },
        { id: 3, name: "u3", note: null },
      ],
      best: { id: 4, name: "u4", note: null },
      tags: { a: 1 },
    });
    expect(JSON.parse(answerWriter(answer)({ user: row(1), friends: [], best: null, tags: {} })).best).toBeNull();
  });

  it("are checked against zod under the tests: an answer off its schema is a server error", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializer);
    registerRoutes(app, endpoints({ "GET /ok": { data: user }, "GET /off": { data: user } }), {
      "GET /ok": { handler: async () => ({ message: "Success", data: row(1) }) },
      "GET /off": { handler: async () => ({ message: "Success", data: { ...row(1), name: 5 } as never }) },
    });
    const ok = await app.inject({ url: "/ok" });
    const off = await app.inject({ url: "/off" });
    await app.close();
    expect([ok.statusCode, ok.json()]).toEqual([200, { message: "Success", data: { id: 1, name: "u1", note: null } }]);
    expect(off.statusCode).toBe(500);
  });
});
