import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  PRODUCT_IMAGE_WIDTHS,
  PRODUCT_LIMITS,
  SELLER_PRODUCT_MESSAGES,
  srcSetOf as srcSetOfCopies,
} from "@market/contract";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { Config } from "../../config.ts";
import type { AppDeps } from "../../deps.ts";
import { fieldError } from "../../lib/errors.ts";
import { privateFilePath, uploadsDir } from "../../lib/uploads.ts";

// Product images: an upload is checked by its bytes (type, and a canvas sharp can read and that is
// not too large), kept as sent under DATA_DIR/private (never served: it may carry EXIF, such as
// where the photo was taken), and a `resize` job writes WebP copies at each of
// PRODUCT_IMAGE_WIDTHS (never enlarged, metadata dropped) under uploads/products as
// `<uuid>-<width>.webp`, served by the static /uploads/ route, then removes the original. The
// upload answers at once with the copies' URLs: a copy asked for before the job wrote it is made
// from the original on that request (ensureProductImage), so the URL always shows the image.

const FOLDER = "products";
const ORIGINALS = "product-originals";
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);
const LARGEST = Math.max(...PRODUCT_IMAGE_WIDTHS);
/** Decoding a huge canvas costs memory whatever the file's size: refuse more pixels than this. */
const MAX_PIXELS = 50_000_000;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const ISSUED = new RegExp(`^/uploads/${FOLDER}/(${UUID})-${LARGEST}\\.webp$`);
const ANY_WIDTH = new RegExp(`^/uploads/${FOLDER}/(${UUID})-(\\d{1,4})\\.webp$`);
export const RESIZE_JOB = "resize";
const RESIZE_RETRIES = 2;

export interface ImageUpload {
  bytes: Buffer;
  truncated: boolean;
}

const urlOf = (id: string, width: number) => `/uploads/${FOLDER}/${id}-${width}.webp`;
const fileOf = (config: Config, id: string, width: number) =>
  path.join(uploadsDir(config), FOLDER, `${id}-${width}.webp`);
const originalOf = (config: Config, id: string) => privateFilePath(config, ORIGINALS, id);
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** The `srcset` of an image URL this server issued (the contract's rule, which the web app uses too). */
export function srcSetOf(url: string): string {
  return (ISSUED.test(url) && srcSetOfCopies(url)) || "";
}

/**
 * Keeps an uploaded image and queues its copies; answers the URL of the largest and the srcset.
 * 422 under `image` for a file too large, not an image, or a canvas that cannot be read.
 */
export async function storeProductImage(
  deps: Pick<AppDeps, "config" | "jobs">,
  upload: ImageUpload,
): Promise<{ url: string; srcset: string }> {
  if (upload.truncated || upload.bytes.length > PRODUCT_LIMITS.imageBytes)
    throw fieldError("image", SELLER_PRODUCT_MESSAGES.imageTooLarge);
  // The content decides, not the name or the declared type.
  const type = await fileTypeFromBuffer(upload.bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw fieldError("image", SELLER_PRODUCT_MESSAGES.imageType);
  const meta = await sharp(upload.bytes, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height || meta.width * meta.height > MAX_PIXELS)
    throw fieldError("image", SELLER_PRODUCT_MESSAGES.imageType);
  const id = randomUUID();
  const original = originalOf(deps.config, id);
  await fs.mkdir(path.dirname(original), { recursive: true });
  await fs.writeFile(original, upload.bytes);
  await deps.jobs.send(RESIZE_JOB, { id });
  const url = urlOf(id, LARGEST);
  return { url, srcset: srcSetOf(url) };
}

export function registerResizeJob(deps: Pick<AppDeps, "config" | "jobs" | "log">): void {
  deps.jobs.register(
    RESIZE_JOB,
    async (data, run) => {
      const id = String(data.id ?? "");
      if (!new RegExp(`^${UUID}$`).test(id)) return;
      try {
        await writeCopies(deps.config, id);
      } catch (error) {
        deps.log.warn({ err: error, image: id, attempt: run.attempt }, "resizing a product image failed");
        // An original that cannot be decoded is dropped, so its URLs answer 404 instead of
        // decoding it again on every request.
        if (run.last) await fs.rm(originalOf(deps.config, id), { force: true });
        throw error;
      }
    },
    { retryLimit: RESIZE_RETRIES, retryDelaySeconds: deps.config.JOB_RETRY_SECONDS },
  );
}

/** Writes the copies not written yet, then removes the original (a job run again finds none). */
async function writeCopies(config: Config, id: string): Promise<void> {
  const original = originalOf(config, id);
  const bytes = await fs.readFile(original).catch(() => null);
  if (!bytes) return;
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    if (!(await exists(fileOf(config, id, width)))) await writeCopy(config, id, width, bytes);
  }
  await fs.rm(original, { force: true });
}

/** One copy, written under a temporary name and renamed: a reader sees the whole file or none. */
async function writeCopy(config: Config, id: string, width: number, bytes: Buffer): Promise<void> {
  const webp = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const file = fileOf(config, id, width);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, webp);
  await fs.rename(temporary, file);
}

/** Copies being made on request, so requests for the same one share the work. */
const making = new Map<string, Promise<void>>();

/**
 * Before /uploads/ serves a path: when it names a copy of a product image that the resize job has
 * not written yet, makes that copy from the original now. Anything else is left to the static route.
 */
export async function ensureProductImage(config: Config, urlPath: string): Promise<void> {
  const m = urlPath.match(ANY_WIDTH);
  const [id, width] = [m?.[1], Number(m?.[2])];
  if (!id || !PRODUCT_IMAGE_WIDTHS.some((w) => w === width)) return;
  const file = fileOf(config, id, width);
  if (await exists(file)) return;
  let pending = making.get(file);
  if (!pending) {
    pending = fs
      .readFile(originalOf(config, id))
      .then((bytes) => writeCopy(config, id, width, bytes))
      // No original: not an upload, or the job has just finished (and removed it) or dropped it.
      .catch(() => {})
      .finally(() => making.delete(file));
    making.set(file, pending);
  }
  await pending;
}

/** Whether a URL names an image this server issued (and, given the config, that is still on disk). */
export async function isIssuedImage(config: Config | null, url: string): Promise<boolean> {
  const id = url.match(ISSUED)?.[1];
  if (!id) return false;
  if (!config) return true;
  // The largest copy, or the original while its copies are being made.
  return (await exists(fileOf(config, id, LARGEST))) || exists(originalOf(config, id));
}

/** Removes every copy of an issued image; any other URL (seeded artwork) is left alone. */
export async function removeProductImage(config: Config, url: string): Promise<void> {
  const id = url.match(ISSUED)?.[1];
  if (!id) return;
  await Promise.all([
    ...PRODUCT_IMAGE_WIDTHS.map((w) => fs.rm(fileOf(config, id, w), { force: true })),
    fs.rm(originalOf(config, id), { force: true }),
  ]);
}
