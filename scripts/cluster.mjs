// `npm run cluster`: several API instances on this machine's loopback, on one PostgreSQL and one
// Redis, behind a small reverse proxy: what a load balancer in front of a deployment does, to try
// a multi-instance setup locally (and for the cluster test, apps/server/test/cluster.test.ts).
//
// The proxy sends each request and WebSocket to the next instance whose /readyz answers 200,
// checked every 250 ms; a request whose connection is refused goes to the next instance (nothing
// reached the refused one, so even a POST is safe to resend). An instance told to stop answers
// 503 on /readyz for SHUTDOWN_DELAY_SECONDS before it stops accepting, so the proxy has moved on.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { createProxyServer } from "http-proxy-3";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HEALTH_MS = 250;
const RESTART_MS = 2000;
/** request bodies are held so a refused one can be resent; the app's own limits are far below */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** One API instance as a child process; `stop` is a graceful SIGTERM, `start` runs it again. */
function instance(n, port, env, log) {
  let child = null;
  let exited = Promise.resolve();
  let stopping = false;
  /** its last lines of output, for the error when it does not become ready */
  const tail = [];
  const say = (line) => {
    tail.push(line);
    if (tail.length > 20) tail.shift();
    log(line);
  };
  const self = {
    n,
    port,
    url: `http://127.0.0.1:${port}`,
    get running() {
      return child !== null;
    },
    start() {
      if (child) return;
      stopping = false;
      child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const tag = `[api ${n}]`;
      say(`${tag} started on ${self.url} (pid ${child.pid})`);
      child.stdout.on("data", (d) => say(`${tag} ${d}`.trimEnd()));
      child.stderr.on("data", (d) => say(`${tag} ${d}`.trimEnd()));
      const current = child;
      exited = new Promise((resolve) =>
        current.on("exit", (code) => {
          if (child === current) child = null;
          resolve(code);
          if (stopping) return say(`${tag} exited (${code})`);
          // Stopped or crashed from outside (kill -TERM, out of memory): the cluster starts it again.
          say(`${tag} exited (${code}); starting it again in ${RESTART_MS / 1000} s`);
          setTimeout(() => !stopping && self.start(), RESTART_MS);
        }),
      );
    },
    tail,
    async stop() {
      stopping = true;
      if (!child) return;
      child.kill("SIGTERM");
      await exited;
    },
    /** at once, for a proxy that is going down anyway */
    kill() {
      stopping = true;
      child?.kill("SIGTERM");
    },
  };
  return self;
}

async function ready(url) {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts `size` instances on ports port+1… and the proxy on `port`; answers when the proxy has
 * a ready instance.
 */
export async function startCluster({
  size = 2,
  port = 3000,
  databaseUrl,
  redisUrl,
  dataDir,
  appSecret,
  env = {},
  log = console.log,
}) {
  if (!databaseUrl || !redisUrl) throw new Error("The cluster needs DATABASE_URL and REDIS_URL.");
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // One secret for all, so signed links and realtime auth made by one instance verify on
    // another: APP_SECRET, or else the one the instances keep in their shared DATA_DIR.
    ...(appSecret && { APP_SECRET: appSecret }),
    APP_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "true",
    SHUTDOWN_DELAY_SECONDS: "1",
    ...(dataDir && { DATA_DIR: dataDir }),
    ...env,
  };
  const instances = Array.from({ length: size }, (_, i) => instance(i + 1, port + 1 + i, shared, log));
  const healthy = new Set();
  const check = async () => {
    await Promise.all(
      instances.map(async (i) => {
        if (i.running && (await ready(i.url))) healthy.add(i);
        else healthy.delete(i);
      }),
    );
  };
  let turn = 0;
  /** The ready instances, starting from the next in turn. */
  const order = () => {
    const list = instances.filter((i) => healthy.has(i));
    turn = (turn + 1) % Math.max(1, list.length);
    return [...list.slice(turn), ...list.slice(0, turn)];
  };

  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 60_000 });
  // Without a listener http-proxy throws a client's reset connection (a WebSocket whose phone lost
  // its network) out of the process, proxy and all.
  proxy.on("error", (error, _req, client) => {
    log(`[proxy] ${error.code ?? error.message}`);
    if (client instanceof http.ServerResponse) {
      if (!client.headersSent) client.writeHead(502).end();
      else client.destroy();
    } else client?.destroy();
  });
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    let size = 0;
    for await (const c of req) {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(c);
    }
    const body = Buffer.concat(chunks);
    for (const target of order()) {
      const refused = await new Promise((resolve) => {
        proxy.web(req, res, { target: target.url, buffer: Readable.from([body]) }, (error) => {
          if (error.code === "ECONNREFUSED" && !res.headersSent) {
            healthy.delete(target);
            resolve(true);
          } else {
            if (!res.headersSent) res.writeHead(502).end();
            else res.destroy();
            resolve(false);
          }
        });
        res.on("close", () => resolve(false));
      });
      if (!refused) return;
    }
    if (!res.headersSent) res.writeHead(503, { "content-type": "text/plain" }).end("No instance is ready.");
  });
  server.on("upgrade", (req, socket, head) => {
    const [target] = order();
    if (!target) return socket.destroy();
    proxy.ws(req, socket, head, { target: target.url }, () => socket.destroy());
  });

  for (const i of instances) i.start();
  process.on("exit", () => {
    for (const i of instances) i.kill();
  });
  const timer = setInterval(check, HEALTH_MS);
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const deadline = Date.now() + 180_000;
  while (healthy.size < instances.length) {
    if (Date.now() > deadline) {
      const late = instances.filter((i) => !healthy.has(i));
      clearInterval(timer);
      await Promise.all(instances.map((i) => i.stop()));
      server.close();
      throw new Error(
        `The instances did not become ready within 3 minutes:\n${late.map((i) => i.tail.join("\n") || `[api ${i.n}] said nothing`).join("\n")}`,
      );
    }
    await check();
    await new Promise((r) => setTimeout(r, HEALTH_MS));
  }
  log(`Cluster: proxy at http://127.0.0.1:${port}, instances on ${instances.map((i) => i.port).join(", ")}`);

  return {
    url: `http://127.0.0.1:${port}`,
    instances,
    /** the instances the proxy sends to now */
    healthy: () => instances.filter((i) => healthy.has(i)).map((i) => i.n),
    async close() {
      clearInterval(timer);
      await Promise.all(instances.map((i) => i.stop()));
      proxy.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster({
    size: Number(process.env.CLUSTER_SIZE ?? 2),
    port: Number(process.env.PORT ?? 3000),
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    appSecret: process.env.APP_SECRET,
  }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  console.log("Stop one instance with kill -TERM <its pid> (above); Ctrl-C stops them all.");
  const stop = async () => {
    await cluster.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
