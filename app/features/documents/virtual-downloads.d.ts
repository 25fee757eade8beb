// Built by scripts/build/downloads/vite-plugin-downloads.ts: the files under /areaOE/downloads/ as built.
declare module "virtual:areaoe-downloads" {
  export const DOWNLOADS: ReadonlyArray<{
    id: string;
    fileName: string;
    href: string;
    bytes: number;
    sha256: string;
    date: string;
  }>;
}
