// The competitors API area. Its routes are registered here (buildApp registers this plugin under /api).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";

const routes: FastifyPluginAsyncTypebox = async () => {};
export default routes;
