import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { type DbHandle, openDb } from "../src/db/index.ts";
import { prepareDatabase } from "../src/db/seed/index.ts";
import { SETTINGS } from "../src/db/seed/site-data.ts";
import { openTestDb } from "./harness.ts";

// Several API instances behind one load balancer share one PostgreSQL and one Redis.

describe("the API rate limit across instances", () => {
  it.skipIf(!process.env.REDIS_URL)("is counted in Redis, so two instances together allow RATE_LIMIT_MAX", async () => {
    const redisUrl = process.env.REDIS_URL as string;
    // Keys of this run only, so parallel runs on the same Redis never cross.
    const appId = `test-${process.pid}-${Date.now()}`;
    const config = loadConfig({
      APP_ENV: "test",
      DATA_DIR: path.join(os.tmpdir(), "market-test-data"),
      REDIS_URL: redisUrl,
      RATE_LIMIT_MAX: "3",
      PUSHER_APP_ID: appId,
    });
    const tdb = await openTestDb("sqlite");
    const apps: FastifyInstance[] = [];
    const redis = new Redis(redisUrl);
    try {
      for (let i = 0; i < 2; i++) apps.push(await buildApp({ config, dbh: tdb.dbh, serveWeb: false }));
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const app = apps[i % 2] as FastifyInstance;
        const res = await app.inject({ method: "GET", url: "/api/countries", remoteAddress: "198.51.100.7" });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another address has its own budget.
      const other = await apps[0]?.inject({ method: "GET", url: "/api/countries", remoteAddress: "198.51.100.8" });
      expect(other?.statusCode).toBe(200);
    } finally {
      for (const app of apps) await app.close();
      await tdb.close();
      const keys = await redis.keys(`rate-limit:${appId}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});

describe("preparing the database", () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "migrates and seeds exactly once when three instances start together on an empty PostgreSQL",
    async () => {
      const adminUrl = process.env.DATABASE_URL as string;
      const name = `t_${process.pid}_${Date.now()}_prepare`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handles = [1, 2, 3].map(() => openDb({ databaseUrl: url.toString() }));
      try {
        const seeded = await Promise.all(handles.map((dbh) => prepareDatabase(dbh)));
        expect(seeded.filter(Boolean)).toHaveLength(1);

        const { db } = handles[0] as DbHandle;
        const count = async (table: "settings" | "products") =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<string>().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count("settings")).toBe(Object.keys(SETTINGS).length);
        const shoppers = await db.selectFrom("users").select("id").where("email", "=", "shopper@example.com").execute();
        expect(shoppers).toHaveLength(1);
        expect(await count("products")).toBeGreaterThan(0);

        // A later start finds everything in place.
        expect(await prepareDatabase(handles[1] as DbHandle)).toBe(false);
      } finally {
        for (const dbh of handles) await dbh.db.destroy();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
  );
});
