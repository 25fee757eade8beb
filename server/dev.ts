/**
 * `npm run dev`: starts Vite in middleware mode, then loads the development server through it
 * (server/dev-server.ts), so that server and app modules get the same transforms as in the build.
 */
import { createServer } from "vite";
import type { startDevServer } from "./dev-server";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const devServer = (await vite.ssrLoadModule("/server/dev-server.ts")) as { startDevServer: typeof startDevServer };
await devServer.startDevServer(vite);
