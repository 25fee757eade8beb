import { describe, expect, it } from "vitest";
import type { DocumentEntry } from "./document-schema";
import { formatDownloadSize, withDownloads } from "./with-downloads";

const entry: DocumentEntry = {
  id: "tool",
  area: "tools",
  system: null,
  title: { pt: "Ferramenta", en: "Tool" },
  kind: "software",
  version: null,
  date: null,
  language: "en",
  format: "JavaScript",
  size: null,
  publisher: "areaOE",
  href: "/areaOE/downloads/tool.mjs",
};

describe("withDownloads", () => {
  it("gives a built download's entry its real address, size and date, and leaves the others alone", () => {
    const other = { ...entry, id: "other" };
    const merged = withDownloads(
      new Map([
        ["tool", entry],
        ["other", other],
      ]),
      [{ id: "tool", href: "/areaOE/downloads/tool.mjs", bytes: 43_010, date: "2026-11-23" }],
    );
    expect(merged.get("tool")).toMatchObject({ href: "/areaOE/downloads/tool.mjs", size: "43 KB", date: "2026-11-23" });
    expect(merged.get("other")).toBe(other);
  });

  it("rounds sizes up to whole kilobytes, never 0", () => {
    expect(formatDownloadSize(1)).toBe("1 KB");
    expect(formatDownloadSize(1024)).toBe("1 KB");
    expect(formatDownloadSize(1025)).toBe("2 KB");
  });
});
