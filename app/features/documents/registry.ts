import { DOWNLOADS } from "virtual:areaoe-downloads";
import { DOCUMENTS } from "virtual:areaoe-documents";
import { withDownloads } from "./with-downloads";

/** The merged documents registry, validated at build time (scripts/build/documents/); plain data here. */
export const registry = {
  documents: withDownloads(new Map(DOCUMENTS.map((entry) => [entry.id, entry])), DOWNLOADS),
};
