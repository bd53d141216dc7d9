import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrate, openDb } from "../src/db/index.ts";

// `npm run db:backup` copies the SQLite database and the uploaded files while the server writes;
// `npm run db:restore` puts them back.

const root = path.resolve(import.meta.dirname, "../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "market-backup-"));
const npm = (...args: string[]) =>
  execFileSync("npm", ["run", "--silent", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", APP_ENV: "test" },
    encoding: "utf8",
  });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("backing up and restoring the SQLite default", () => {
  it("copies a consistent database and the uploads while the server keeps writing, and restores both", async () => {
    const dbh = openDb({ sqliteFile: path.join(dataDir, "marketplace.db") });
    await migrate(dbh);
    const insert = (n: number) =>
      dbh.db
        .insertInto("settings")
        .values({ key: `backup-test-${n}`, value: String(n) })
        .execute();
    for (let n = 0; n < 200; n++) await insert(n);
    fs.mkdirSync(path.join(dataDir, "uploads", "products"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "products", "a.webp"), "image bytes");

    // The "server" keeps writing while the backup runs in another process.
    let writing = true;
    const writer = (async () => {
      for (let n = 200; writing; n++) {
        await insert(n);
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const out = npm("db:backup");
    writing = false;
    await writer;
    const dir = out.match(/Backup written to (.+)/)?.[1]?.trim() as string;
    expect(fs.existsSync(path.join(dir, "marketplace.db"))).toBe(true);
    expect(fs.readFileSync(path.join(dir, "uploads", "products", "a.webp"), "utf8")).toBe("image bytes");

    const copy = openDb({ sqliteFile: path.join(dir, "marketplace.db") });
    const saved = await copy.db.selectFrom("settings").select("key").where("key", "like", "backup-test-%").execute();
    await copy.db.destroy();
    // every row written before the backup began, and a gap-free prefix of the ones written during it
    expect(saved.length).toBeGreaterThanOrEqual(200);
    const numbers = saved.map((r) => Number(r.key.split("-").pop())).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i));

    // Things go wrong; the server is stopped and the backup put back.
    await dbh.db.deleteFrom("settings").where("key", "like", "backup-test-%").execute();
    await dbh.db.destroy();
    fs.rmSync(path.join(dataDir, "uploads"), { recursive: true });
    npm("db:restore", dir);
    const back = openDb({ sqliteFile: path.join(dataDir, "marketplace.db") });
    const restored = await back.db.selectFrom("settings").select("key").where("key", "like", "backup-test-%").execute();
    await back.db.destroy();
    expect(restored).toHaveLength(saved.length);
    expect(fs.readFileSync(path.join(dataDir, "uploads", "products", "a.webp"), "utf8")).toBe("image bytes");
  }, 60_000);

  it("refuses a folder that is not a backup, changing nothing", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "market-not-backup-"));
    expect(() => npm("db:restore", empty)).toThrow(/not a backup made by db:backup/);
    fs.rmSync(empty, { recursive: true });
  });
});
