// The baseline: a bare Fastify handler, started the same way as the real server (one Node process,
// no logger), answering a small JSON body; and the ceilings of api.bench.ts.
import fs from "node:fs";
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ message: "ok", data: { hello: "world" } }));
// With KEPT_ANSWERS (a file of `[{ headers, body }]`, bodies in base64), `/kept/<n>` sends answer n as is.
if (process.env.KEPT_ANSWERS) {
  const kept = JSON.parse(fs.readFileSync(process.env.KEPT_ANSWERS, "utf8")) as Array<{
    headers: Record<string, string>;
    body: string;
  }>;
  kept.forEach(({ headers, body }, n) => {
    const bytes = Buffer.from(body, "base64");
    app.get(`/kept/${n}`, async (_req, reply) => reply.headers(headers).send(bytes));
  });
}
await app.listen({ port: Number(process.env.PORT ?? 3990), host: "127.0.0.1" });
