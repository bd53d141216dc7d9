import {
  allEndpoints,
  type Endpoint,
  type EndpointKey,
  ERROR_CODES,
  envelope,
  linkRoutes,
  splitKey,
} from "@market/contract";
import { z } from "zod";

// The OpenAPI 3.1 description of /api, made from the contract's declarations (never by hand):
// each call's path parameters, query, body and answer come from the same zod schemas that
// validate the requests and shape the answers.

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
  return json;
};

const errorAnswer = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** One parameter per property of an object schema (path parameters, query strings). */
function parameters(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: s,
  }));
}

function operation(key: EndpointKey, e: Endpoint) {
  const { method, path } = splitKey(key);
  const errors = ["unauthenticated", "not_found", "validation_failed", ...(e.errors ?? [])];
  return {
    method: method.toLowerCase(),
    path: openApiPath(path),
    op: {
      operationId: key,
      tags: [path.split("/")[1] ?? "api"],
      parameters: [...parameters(e.params, "path"), ...parameters(e.query, "query")],
      ...(e.body && {
        requestBody: { required: true, content: { "application/json": { schema: toSchema(e.body, "input") } } },
      }),
      ...(e.form && {
        requestBody: {
          required: true,
          content: { "multipart/form-data": { schema: { type: "object", additionalProperties: true } } },
        },
      }),
      responses: {
        "200": {
          description: "`{ message, data }`",
          content: { "application/json": { schema: toSchema(envelope(e.data), "output") } },
        },
        default: {
          description: `An error: its \`code\` is one of ${errors.map((c) => `\`${c}\``).join(", ")} or another general code.`,
          content: { "application/json": { schema: toSchema(errorAnswer, "output") } },
        },
      },
    },
  };
}

const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, "{$1}")}`;

/** A link route: its summary, its path parameters (strings) and the kind of answer. */
function linkOperation(key: EndpointKey, link: { summary: string; answers: string }) {
  const { method, path } = splitKey(key);
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const ok =
    link.answers === "redirect"
      ? { "303": { description: "A redirect (`Location`)." } }
      : { "200": { description: link.summary, content: { [link.answers]: {} } } };
  return {
    method: method.toLowerCase(),
    path: openApiPath(path),
    op: {
      operationId: key,
      tags: [path.split("/")[1] ?? "api"],
      summary: link.summary,
      parameters: params,
      responses: ok,
    },
  };
}

export function openApiDocument(appUrl: string, title: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const ops = [
    ...(Object.entries(allEndpoints) as [EndpointKey, Endpoint][]).map(([key, e]) => operation(key, e)),
    ...Object.entries(linkRoutes).map(([key, link]) => linkOperation(key as EndpointKey, link)),
  ];
  for (const { method, path, op } of ops) paths[path] = { ...paths[path], [method]: op };
  return {
    openapi: "3.1.0",
    info: {
      title: `${title} API`,
      version: "1",
      description:
        "Every answer is `{ message, data }`; errors are `{ message, code, errors? }` with a stable `code`. Send `Authorization: Bearer <token>` for a signed-in user and `X-Localization` for the language of messages.",
    },
    servers: [{ url: appUrl }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
    security: [{}, { bearer: [] }],
    paths,
  };
}
