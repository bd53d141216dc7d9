import { PassThrough } from "node:stream";
import {
  IMPORT_LIMITS,
  type ImportRowError,
  type ImportStreamLine,
  NDJSON_TYPE,
  SELLER_EXPORT_PATH,
  SELLER_IMPORT_MESSAGES,
  sellerImportApi,
} from "@market/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { requestLocale } from "../../lib/i18n.ts";
import { localizeMessage } from "../../lib/messages.ts";
import { registerRoutes } from "../../lib/route.ts";
import { currentUser, requireSellerArea, sellerOf } from "../auth/auth.plugin.ts";
import * as imports from "./import.service.ts";

/** A CSV sent as JSON escapes quotes and line breaks: up to twice its bytes, and the envelope. */
const BODY_LIMIT = 2 * IMPORT_LIMITS.bytes + 64 * 1024;

const wantsStream = (req: FastifyRequest) => (req.headers.accept ?? "").includes(NDJSON_TYPE);

/** Row errors in the request's language, as an answer's field errors are (errorAnswer). */
const localizedRows = (rows: ImportRowError[], req: FastifyRequest) =>
  rows.map((r) => ({ ...r, message: localizeMessage(r.message, requestLocale(req)) }));

/**
 * An NDJSON answer opened on its first line. Why a stream and not a job to poll: the import is one
 * transaction in one request, so its progress lives in that request; a stream needs no job table
 * and no shared state between instances, and the final line carries the result or the refusal.
 */
function ndjson(reply: FastifyReply) {
  let out: PassThrough | null = null;
  return {
    get open() {
      return out !== null;
    },
    send(line: ImportStreamLine) {
      if (!out) {
        out = new PassThrough();
        reply.header("cache-control", "no-store").type(NDJSON_TYPE).send(out);
      }
      out.write(`${JSON.stringify(line)}\n`);
    },
    end() {
      out?.end();
    },
  };
}

/** The Seller Centre's CSV import and export of products and stock (format: csv.ts). */
export const sellerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);
  const seller = requireSellerArea("products");
  const who = (req: FastifyRequest) => ({ shopId: sellerOf(req).shopId, userId: currentUser(req).id });

  registerRoutes(app, sellerImportApi, {
    "POST /seller/products/import/preview": {
      preValidation: seller,
      bodyLimit: BODY_LIMIT,
      handler: async ({ body }, req) => {
        const preview = await imports.previewImport(deps, sellerOf(req).shopId, body.csv);
        return {
          message: SELLER_IMPORT_MESSAGES.preview,
          data: { ...preview, errors: localizedRows(preview.errors, req) },
        };
      },
    },
    "POST /seller/products/import": {
      preValidation: seller,
      bodyLimit: BODY_LIMIT,
      handler: async ({ body }, req, reply) => {
        if (!wantsStream(req)) {
          return {
            message: SELLER_IMPORT_MESSAGES.imported,
            data: await imports.importProducts(deps, who(req), body.csv),
          };
        }
        // A refusal found before the first line is an ordinary 422; after it, the last line says it.
        const stream = ndjson(reply);
        try {
          const result = await imports.importProducts(deps, who(req), body.csv, (done, total) =>
            stream.send({ done, total }),
          );
          stream.send({ result });
        } catch (e) {
          if (!stream.open) throw e;
          if (e instanceof AppError && e.status < 500) {
            const rows = e instanceof imports.ImportRefused ? localizedRows(e.rows, req) : [];
            stream.send({ error: { message: localizeMessage(e.message, requestLocale(req)), status: e.status, rows } });
          } else {
            req.log.error(e);
            stream.send({ error: { message: "Server Error", status: 500, rows: [] } });
          }
        }
        stream.end();
        return reply;
      },
    },
  });

  // A CSV file, not the { message, data } envelope of a declared call (see seller-import.ts).
  app.get(SELLER_EXPORT_PATH, { preValidation: seller }, async (req, reply) => {
    const { filename, csv } = await imports.exportProducts(deps, sellerOf(req).shopId);
    return reply
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .type("text/csv; charset=utf-8")
      .send(csv);
  });
};
