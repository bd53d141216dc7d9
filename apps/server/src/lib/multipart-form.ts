import fs from "node:fs";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, validationError } from "./errors.ts";

/** A file of a multipart form, read into memory (bounded by `maxBytes`). */
export interface FormFile {
  field: string;
  name: string;
  bytes: Buffer;
  truncated: boolean;
}

interface FormRules {
  /** which file fields are accepted (the name as sent, e.g. "attachments[]") */
  fileField: (name: string) => boolean;
  /** the field the file errors are reported under */
  errorField: string;
  maxFiles: number;
  maxBytes: number;
  tooMany: string;
  tooLarge: string;
}

const fail = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

/**
 * Reads a multipart form's fields and files with this form's limits instead of the app-wide
 * one-photo limit. A form sent without choosing a file has an empty, unnamed part: it is skipped.
 */
export async function readMultipartForm(req: FastifyRequest, rules: FormRules) {
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  try {
    const parts = req.parts({
      limits: { files: rules.maxFiles + 1, fileSize: rules.maxBytes, fields: 20, fieldSize: 20_000, parts: 40 },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!rules.fileField(part.fieldname)) {
        await part.toBuffer().catch(() => undefined);
        throw fail(part.fieldname, `The ${part.fieldname} file is not expected here.`);
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0 && !part.filename) continue;
      if (files.length >= rules.maxFiles) throw fail(rules.errorField, rules.tooMany);
      files.push({ field: part.fieldname, name: part.filename ?? "", bytes, truncated: part.file.truncated });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw fail(rules.errorField, rules.tooLarge);
    if (code === "FST_FILES_LIMIT") throw fail(rules.errorField, rules.tooMany);
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new AppError(413, "The form has too many fields.");
    throw e;
  }
  return { fields, files };
}

const UNREADABLE = "The request body could not be read.";

/**
 * The client's error behind a multipart body that cannot be read, as @fastify/multipart and busboy
 * report it; null for any other error. busboy's own errors (no boundary, a bad one, a form cut
 * short) carry neither code nor status, so they are known by their words.
 */
export function multipartError(error: { code?: string; statusCode?: number; message: string }): AppError | null {
  switch (error.code) {
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError(413, "The form has too many fields.");
    case "FST_FILES_LIMIT":
      return new AppError(413, "The form has too many files.");
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError(413, "The file is too large.");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
    case "FST_INVALID_JSON_FIELD_ERROR":
    case "FST_PROTO_VIOLATION":
    case "FST_MP_PREMATURE_CLOSE":
      return new AppError(400, UNREADABLE);
  }
  if (
    error.statusCode === undefined &&
    /^Multipart: |multipart data|^Boundary required|^The needle /.test(error.message)
  )
    return new AppError(400, UNREADABLE);
  return null;
}

/** Validates fields that did not go through a route schema (multipart) with the same 422 shape. */
export function parseFormFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })));
}

/** Sends a stored file as a download that only this answer carries (no shared cache keeps it). */
export function sendDownload(reply: FastifyReply, file: { path: string; name: string; mime: string }) {
  if (!fs.existsSync(file.path)) throw new AppError(404, "Attachment not found");
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return reply
    .header("cache-control", "private, no-store")
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .type(file.mime)
    .send(fs.createReadStream(file.path));
}
