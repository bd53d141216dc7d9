// The baseline: a bare Fastify handler, started the same way as the real server (one Node process,
// no logger), answering a small JSON body.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ message: "ok", data: { hello: "world" } }));
await app.listen({ port: Number(process.env.PORT ?? 3990), host: "127.0.0.1" });
