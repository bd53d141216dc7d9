import type { FastifyPluginAsync } from "fastify";

// Every module's routes, registered under /api in this order.
export const routeModules: FastifyPluginAsync[] = [];
