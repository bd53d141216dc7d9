import { fileTypeFromBuffer } from "file-type";
import { AppError } from "./errors.ts";

/** An uploaded image read into memory (bounded by the form's limit; `truncated` when it went over). */
export interface ImageUpload {
  bytes: Buffer;
  truncated: boolean;
}

const IMAGE_EXT: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/**
 * The file extension of an uploaded jpg, png or webp image, or a 422 under `field`. The content
 * decides, not the name or the declared type.
 */
export async function imageExtension(
  upload: ImageUpload,
  rules: { field: string; maxBytes: number; tooLarge: string; badType: string },
): Promise<string> {
  const fail = (message: string) => new AppError(422, message, { [rules.field]: [message] });
  if (upload.truncated || upload.bytes.length > rules.maxBytes) throw fail(rules.tooLarge);
  const type = await fileTypeFromBuffer(upload.bytes);
  const ext = type ? IMAGE_EXT[type.mime] : undefined;
  if (!ext) throw fail(rules.badType);
  return ext;
}
