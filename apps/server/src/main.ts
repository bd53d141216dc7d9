import path from "node:path";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDb } from "./db/index.ts";
import { prepareDatabase } from "./db/seed/index.ts";

const SHUTDOWN_MS = 10_000;

// React, which renders visitors' pages (modules/seo/boot.ts), is loaded after this line: without it,
// it would render in its development build, several times slower. NODE_ENV=development brings that back.
process.env.NODE_ENV ??= "production";

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

  // On SIGTERM: /readyz turns 503 (for SHUTDOWN_DELAY_SECONDS the server still answers, so a load
  // balancer stops sending first), then stop accepting, finish the requests in flight, close
  // realtime connections with the protocol's reconnect code (clients move to another instance),
  // and exit within 10 seconds of that.
  const shutdown = async () => {
    if (app.stopping) return;
    app.stopping = true;
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_SECONDS * 1000));
    setTimeout(() => {
      console.error("Shutdown took over 10 s; exiting.");
      process.exit(1);
    }, SHUTDOWN_MS).unref();
    await app.close();
    await dbh.db.destroy();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

void main();
