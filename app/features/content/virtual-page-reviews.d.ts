// Built by scripts/build/content/vite-plugin-page-front-matter.ts: the `reviewed` date of every content file's front matter.
declare module "virtual:areaoe-page-reviews" {
  import type { PageReview } from "./page-reviews";

  export const PAGE_REVIEWS: Readonly<Record<string, PageReview>>;
}
