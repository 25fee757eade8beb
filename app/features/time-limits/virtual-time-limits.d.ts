// Built by scripts/build/time-limits/vite-plugin-time-limits.ts: content/time-limits/*.json, validated at build.
declare module "virtual:areaoe-time-limits" {
  import type { TimeLimitRecord } from "./time-limit-schema";

  export const TIME_LIMITS: readonly TimeLimitRecord[];
}
