import path from "node:path";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDb } from "./db/index.ts";
import { prepareDatabase } from "./db/seed/index.ts";

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

async function main() {
  const config = configOrExit();
  const sqliteFile = path.join(config.dataDir, "marketplace.db");
  const dbh = openDb({ databaseUrl: config.DATABASE_URL, sqliteFile });
  const seeded = await prepareDatabase(dbh);
  const app = await buildApp({ config, dbh });
  await app.listen({ port: config.PORT, host: config.HOST });

  console.log(`\nStorefront running at ${config.appUrl}`);
  console.log(`Database: ${config.DATABASE_URL ? "PostgreSQL" : sqliteFile}${seeded ? " (demo data seeded)" : ""}`);
  console.log("Demo logins (password: password):");
  console.log("  shopper:     shopper@example.com");
  console.log("  shop owners: owner1@example.com ... owner8@example.com");
  console.log("  admin:       admin@example.com");

  const shutdown = async () => {
    await app.close();
    await dbh.db.destroy();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

void main();
