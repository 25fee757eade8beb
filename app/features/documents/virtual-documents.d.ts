// Built by scripts/build/documents/vite-plugin-documents-registry.ts: content/documents/*.json, validated at build.
declare module "virtual:areaoe-documents" {
  import type { DocumentEntry } from "./document-schema";

  export const DOCUMENTS: readonly DocumentEntry[];
}
