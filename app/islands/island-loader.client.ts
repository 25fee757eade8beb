import { startIslands } from "./island-loader";

// The loader's entry (./island-loader.ts): the islands' build makes it one small module, which the server
// inlines into each page with islands, with the page's nonce (./island-head.ts).
startIslands((url) => import(/* @vite-ignore */ url));
