import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { PRODUCT_IMAGE_WIDTHS, PRODUCT_LIMITS, SELLER_PRODUCT_MESSAGES } from "@market/contract";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { Config } from "../../config.ts";
import { fieldError } from "../../lib/errors.ts";
import { uploadsDir } from "../../lib/uploads.ts";

// Product images: an upload is checked by its bytes, then kept as WebP copies at each of
// PRODUCT_IMAGE_WIDTHS (never enlarged) under uploads/products as `<uuid>-<width>.webp`, served by
// the static /uploads/ route. The URL names the largest; the others differ only in the width.

const FOLDER = "products";
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp"]);
const LARGEST = Math.max(...PRODUCT_IMAGE_WIDTHS);
/** Decoding a huge canvas costs memory whatever the file's size: refuse more pixels than this. */
const MAX_PIXELS = 50_000_000;
const ISSUED = new RegExp(
  `^/uploads/${FOLDER}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-${LARGEST}\\.webp$`,
);

export interface ImageUpload {
  bytes: Buffer;
  truncated: boolean;
}

const urlOf = (id: string, width: number) => `/uploads/${FOLDER}/${id}-${width}.webp`;
const fileOf = (config: Config, id: string, width: number) =>
  path.join(uploadsDir(config), FOLDER, `${id}-${width}.webp`);

/** The `srcset` of an image URL this server issued. */
export function srcSetOf(url: string): string {
  const id = url.match(ISSUED)?.[1];
  if (!id) return "";
  return PRODUCT_IMAGE_WIDTHS.map((w) => `${urlOf(id, w)} ${w}w`).join(", ");
}

/** Stores an uploaded image's copies; 422 under `image` for a file too large or not an image. */
export async function storeProductImage(config: Config, upload: ImageUpload): Promise<{ url: string; srcset: string }> {
  if (upload.truncated || upload.bytes.length > PRODUCT_LIMITS.imageBytes)
    throw fieldError("image", SELLER_PRODUCT_MESSAGES.imageTooLarge);
  // The content decides, not the name or the declared type.
  const type = await fileTypeFromBuffer(upload.bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw fieldError("image", SELLER_PRODUCT_MESSAGES.imageType);
  const id = randomUUID();
  await fs.mkdir(path.join(uploadsDir(config), FOLDER), { recursive: true });
  try {
    for (const width of PRODUCT_IMAGE_WIDTHS) {
      const webp = await sharp(upload.bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      await fs.writeFile(fileOf(config, id, width), webp);
    }
  } catch {
    // A file that claims to be an image but cannot be decoded (or is far too large a canvas).
    await removeProductImage(config, urlOf(id, LARGEST));
    throw fieldError("image", SELLER_PRODUCT_MESSAGES.imageType);
  }
  const url = urlOf(id, LARGEST);
  return { url, srcset: srcSetOf(url) };
}

/** Whether a URL names an image this server issued (and, given the config, that is still on disk). */
export async function isIssuedImage(config: Config | null, url: string): Promise<boolean> {
  const id = url.match(ISSUED)?.[1];
  if (!id) return false;
  if (!config) return true;
  return fs.access(fileOf(config, id, LARGEST)).then(
    () => true,
    () => false,
  );
}

/** Removes every copy of an issued image; any other URL (seeded artwork) is left alone. */
export async function removeProductImage(config: Config, url: string): Promise<void> {
  const id = url.match(ISSUED)?.[1];
  if (!id) return;
  await Promise.all(PRODUCT_IMAGE_WIDTHS.map((w) => fs.rm(fileOf(config, id, w), { force: true })));
}
