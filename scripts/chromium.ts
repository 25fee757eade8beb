/**
 * Debian's Chromium, never a downloaded browser, launched the same way by the end-to-end tests and the
 * benchmarks: without the sandbox (root in a container), GPU or any background network traffic.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];
