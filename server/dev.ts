/**
 * `npm run dev`: starts Vite in middleware mode, then loads the development server through it
 * (server/dev-server.ts), so that server and app modules get the same transforms as in the build.
 * Vite sets NODE_ENV to `development` when it is unset (React's development build); the settings read it.
 */
import { createServer } from "vite";
import type { startDevServer } from "./dev-server";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const devServer = (await vite.ssrLoadModule("/server/dev-server.ts")) as { startDevServer: typeof startDevServer };
await devServer.startDevServer(vite);
