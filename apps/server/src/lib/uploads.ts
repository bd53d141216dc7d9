import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";

/** Uploaded files live under DATA_DIR/uploads and are served at /uploads/... */
export const uploadsDir = (config: Config): string => path.join(config.dataDir, "uploads");

/** Stores bytes under a random name in `folder`; answers the public URL path. */
export async function saveUpload(config: Config, folder: string, ext: string, bytes: Buffer): Promise<string> {
  const dir = path.join(uploadsDir(config), folder);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await fs.writeFile(path.join(dir, name), bytes);
  return `/uploads/${folder}/${name}`;
}

/** Removes a file saved by saveUpload; anything else (seeded URLs, foreign paths) is left alone. */
export async function removeUpload(config: Config, url: string | null): Promise<void> {
  const m = url?.match(/^\/uploads\/([a-z-]+)\/([0-9a-f-]{36}\.[a-z]{3,4})$/);
  if (!m) return;
  await fs.rm(path.join(uploadsDir(config), m[1] as string, m[2] as string), { force: true });
}

/**
 * Files only their owner and staff may read (ticket attachments) live under DATA_DIR/private,
 * which no static route serves; a route streams them after its own access check.
 */
export const privateFilePath = (config: Config, folder: string, storedName: string): string =>
  path.join(config.dataDir, "private", folder, path.basename(storedName));

/** Stores bytes under a random name in the private `folder`; answers the stored name. */
export async function savePrivateFile(config: Config, folder: string, ext: string, bytes: Buffer): Promise<string> {
  const name = `${randomUUID()}.${ext}`;
  const file = privateFilePath(config, folder, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes);
  return name;
}

export async function removePrivateFile(config: Config, folder: string, storedName: string): Promise<void> {
  await fs.rm(privateFilePath(config, folder, storedName), { force: true });
}
