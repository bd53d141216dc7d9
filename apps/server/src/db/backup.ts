// `npm run db:backup [DIR]`: a consistent copy of the SQLite database (SQLite's online backup, safe
// while the server runs) and of the uploaded files, in DATA_DIR/backups/<time>/ unless DIR is given.
// `npm run db:restore DIR`: puts such a copy back (stop the server first).
// On PostgreSQL use pg_dump / pg_restore (README, "Operating it").
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { uploadsDir } from "../lib/uploads.ts";

const DB_FILE = "marketplace.db";
const sqliteFile = (config: Config) => path.join(config.dataDir, DB_FILE);

export async function backup(config: Config, target?: string): Promise<string> {
  const source = sqliteFile(config);
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}.`);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dir = path.resolve(target ?? path.join(config.dataDir, "backups", stamp));
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty.`);
  fs.mkdirSync(dir, { recursive: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    await db.backup(path.join(dir, DB_FILE));
  } finally {
    db.close();
  }
  const uploads = uploadsDir(config);
  if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(dir, "uploads"), { recursive: true });
  return dir;
}

export function restore(config: Config, from: string): void {
  const dir = path.resolve(from);
  const file = path.join(dir, DB_FILE);
  if (!fs.existsSync(file)) throw new Error(`${dir} holds no ${DB_FILE}: not a backup made by db:backup.`);
  const check = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`The backup's database is damaged: ${String(result)}`);
  } finally {
    check.close();
  }
  const target = sqliteFile(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.copyFileSync(file, target);
  const uploads = uploadsDir(config);
  fs.rmSync(uploads, { recursive: true, force: true });
  if (fs.existsSync(path.join(dir, "uploads"))) fs.cpSync(path.join(dir, "uploads"), uploads, { recursive: true });
}

async function main() {
  const [command, arg] = process.argv.slice(2);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new ConfigError(
      "DATABASE_URL is set: back PostgreSQL up with pg_dump and restore it with pg_restore (README, Operating it); copy DATA_DIR/uploads beside it.",
    );
  }
  if (command === "backup") console.log(`Backup written to ${await backup(config, arg)}`);
  else if (command === "restore") {
    if (!arg) throw new ConfigError("Usage: npm run db:restore -- <backup folder>");
    restore(config, arg);
    console.log(`Restored ${sqliteFile(config)} and the uploaded files from ${path.resolve(arg)}`);
  } else throw new ConfigError("Usage: backup.ts backup [folder] | restore <folder>");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
