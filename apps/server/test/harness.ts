import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { envelope } from "@market/contract";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { expect } from "vitest";
import type { z } from "zod";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type DbHandle, migrate, openDb } from "../src/db/index.ts";
import { seedDemo } from "../src/db/seed/index.ts";
import { shippedUiMessages } from "../src/db/seed/ui-messages.ts";

export type DbKind = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const dbKinds: DbKind[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDb {
  dbh: DbHandle;
  close(): Promise<void>;
}

/** A fresh, migrated database of the given kind: a temp SQLite file or a new PostgreSQL database. */
export async function openTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "market-test-"));
    const dbh = openDb({ sqliteFile: path.join(dir, "test.db") });
    await migrate(dbh);
    return {
      dbh,
      async close() {
        await dbh.db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dbh = openDb({ databaseUrl: url.toString() });
  await migrate(dbh);
  return {
    dbh,
    async close() {
      await dbh.db.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends TestDb {
  app: FastifyInstance;
}

/** The whole app on a fresh database, seeded with the demo marketplace unless told otherwise. */
export async function openTestApp(
  kind: DbKind,
  { seed = true, env = {} }: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const tdb = await openTestDb(kind);
  if (seed) await seedDemo(tdb.dbh);
  // `env` overrides configuration variables, e.g. SMTP_URL or APP_ENV for one test app.
  const config = loadConfig({ APP_ENV: "test", DATA_DIR: path.join(os.tmpdir(), "market-test-data"), ...env });
  const app = await buildApp({ config, dbh: tdb.dbh, serveWeb: false });
  await app.ready();
  return {
    ...tdb,
    app,
    async close() {
      await app.close();
      await tdb.close();
    },
  };
}

/** GET helpers for a test app: the raw answer, and the `data` of a 200 answer parsed with its contract schema. */
export function getters(app: () => FastifyInstance) {
  async function get(url: string, headers: Record<string, string> = {}) {
    const res = await app().inject({ method: "GET", url, headers });
    return { status: res.statusCode, body: res.json() as unknown };
  }
  async function getOk<S extends z.ZodTypeAny>(url: string, schema: S, headers: Record<string, string> = {}) {
    const res = await get(url, headers);
    expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    return (envelope(schema).parse(res.body) as { data: z.infer<S> }).data;
  }
  return { get, getOk };
}

/** A shipped interface text `<namespace>.<key>` in `locale` with its `{{name}}` parts filled in; a missing one fails the test. */
export function shippedText(locale: string, key: string, vars: Record<string, string> = {}): string {
  const text = shippedUiMessages()[locale]?.[key];
  if (!text) throw new Error(`no ${key} in ${locale}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? "");
}

/** A shipped mail text `mail.<key>` (see shippedText). */
export const shippedMail = (locale: string, key: string, vars: Record<string, string> = {}) =>
  shippedText(locale, `mail.${key}`, vars);
