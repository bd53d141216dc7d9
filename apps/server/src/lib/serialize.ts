import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as checkedSerializer } from "fastify-type-provider-zod";
import { z } from "zod";

type Serializer = (data: unknown) => string;

// Under the tests every answer is also checked against its zod schema, and the two must hold the
// same fields and values (their order may differ).
const verify = Boolean(process.env.VITEST);

/**
 * Writes what `schema` declares of an answer, and nothing else: fast-json-stringify, compiled from
 * the schema as JSON Schema, in half the time of zod's check and JSON.stringify (docs/decisions.md,
 * "Answers written from their schema"). Compiled on the first answer, so a server that starts does
 * not pay for the routes nobody calls.
 */
export function answerWriter(schema: z.ZodType): Serializer {
  let write: Serializer | undefined;
  return (data) => {
    write ??= fastJson(forWriter(z.toJSONSchema(schema, { io: "output", target: "draft-7" })) as object);
    return write(data);
  };
}

type Json = { [key: string]: unknown };
const isJson = (v: unknown): v is Json => typeof v === "object" && v !== null;

/**
 * The writer leaves out undeclared fields by itself, but it picks a branch of `anyOf` by validating
 * the value, which fails on an object with more fields than declared (and costs a walk of it): zod's
 * `X | null` becomes X marked nullable, and objects no longer forbid other fields.
 */
function forWriter(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriter);
  if (!isJson(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) if (!(k === "additionalProperties" && v === false)) out[k] = forWriter(v);
  const alternatives = out.anyOf;
  if (Array.isArray(alternatives) && alternatives.length === 2) {
    const [declared, none] = alternatives;
    if (isJson(declared) && isJson(none) && none.type === "null" && typeof declared.type === "string") {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...declared, nullable: true };
    }
  }
  return out;
}

/** The serializer of every declared route's answer (lib/route.ts). */
export const answerSerializer: FastifySerializerCompiler<z.ZodType> = (route) => {
  const write = answerWriter(route.schema);
  if (!verify) return write;
  const checked = checkedSerializer(route as Parameters<typeof checkedSerializer>[0]) as Serializer;
  return (data) => {
    const want = checked(data);
    const got = write(data);
    if (!isDeepStrictEqual(JSON.parse(got), JSON.parse(want))) {
      throw new Error(
        `${route.method} ${route.url}: the written answer differs from the checked one:\n${got}\n${want}`,
      );
    }
    return got;
  };
};
