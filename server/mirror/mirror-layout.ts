/**
 * Where the mirror keeps each answer, and the nginx includes that tell deploy/nginx/areaoe-mirror.conf
 * which address is which file with which headers. The layout, under the mirror's folder:
 * - `/<coding>/<lang>/areaOE/…/<page>.html`: a page (of text, or a tool's "unavailable" page) in one
 *   language and coding (the home page is `/areaOE/index.html`);
 * - `/<coding>/<lang>/_mirror/not-found.html`: the mirror's 404 page;
 * - `/<coding>/files/areaOE/…`: a file of the build (assets, public files, downloads) in one coding;
 * - `nginx/http.conf` (maps and types, in nginx's http block), `nginx/location.conf` (the headers);
 * - `mirror.json`: what was written, from which build, for which origin, when.
 * The portal answers each coding with its own bytes and ETag; a file too small to compress is the same
 * bytes in all three (without Content-Encoding).
 */
export const MIRROR_CODINGS = ["br", "gzip", "identity"] as const;
export type MirrorCoding = (typeof MIRROR_CODINGS)[number];

export interface MirroredFile {
  /** Below the mirror's folder, from its root: `/br/pt/areaOE/public/importacao.html`. */
  path: string;
  /** The headers the mirror sends with it (lower-case names), as the portal sent them. */
  headers: [string, string][];
  /** The status the mirror answers it with (the tool pages 503, the not-found page 404). */
  status: number;
}

/** A page's file name without `.html`: its address, the home page (`/areaOE/`) as `/areaOE/index`. */
export function mirrorPageStem(address: string): string {
  return address.endsWith("/") ? `${address}index` : address;
}

export type MirrorFileKind =
  | { kind: "page"; stem: string; lang: string; coding: MirrorCoding }
  | { kind: "own"; stem: string; lang: string; coding: MirrorCoding }
  | { kind: "file"; address: string; coding: MirrorCoding };

export function mirrorFilePath(file: MirrorFileKind): string {
  if (file.kind === "page") return `/${file.coding}/${file.lang}${file.stem}.html`;
  if (file.kind === "own") return `/${file.coding}/${file.lang}/_mirror/${file.stem}.html`;
  return `/${file.coding}/files${file.address}`;
}

/** An nginx double-quoted string; a `$` would be read as a variable, so a value with one is refused. */
function quoted(value: string): string {
  if (value.includes("$")) throw new Error(`nginx cannot send "${value}" from a map (it holds a "$")`);
  if (/[\r\n]/.test(value)) throw new Error(`a header value holds a line break: ${JSON.stringify(value)}`);
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** The nginx variable of a recorded header: `content-security-policy` → `$areaoe_h_content_security_policy`. */
export function headerVariable(name: string): string {
  return `areaoe_h_${name.replace(/-/g, "_")}`;
}

const titleCase = (name: string) => (name === "etag" ? "ETag" : name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase()));

/**
 * Headers sent through the project's own maps (deploy/nginx/areaoe-mirror.conf), not directly: a
 * `?lang=` address makes the page the visitor's own (`private`, no `Vary: Accept-Language`), as the
 * portal does; the type comes from nginx's `types` (an `add_header` would send a second one).
 */
const THROUGH_PROJECT_MAPS = new Set(["cache-control", "vary", "content-type"]);

export function mirrorNginxIncludes({ files, pages, tools }: { files: readonly MirroredFile[]; pages: readonly string[]; tools: readonly string[] }): Record<"http.conf" | "location.conf", string> {
  const names = [...new Set(files.flatMap((file) => file.headers.map(([name]) => name)))].sort();
  const types = new Map<string, string>();
  for (const file of files) {
    const type = file.headers.find(([name]) => name === "content-type")?.[1];
    const extension = /\.([A-Za-z0-9]+)$/.exec(file.path)?.[1]?.toLowerCase();
    if (!type || !extension) throw new Error(`${file.path}: no Content-Type or no extension to give it one`);
    const known = types.get(extension);
    // Parameter values such as the charset are case-insensitive (the portal spells it both ways).
    if (known !== undefined && known.toLowerCase() !== type.toLowerCase()) throw new Error(`.${extension} is answered as "${known}" and as "${type}": nginx gives one type per extension`);
    if (known === undefined) types.set(extension, type);
  }
  const http: string[] = ["# Written by `npm run mirror` (server/mirror/mirror-layout.ts): do not edit.", ""];
  http.push("types {");
  for (const [extension, type] of [...types].sort()) http.push(`    ${quoted(type)} ${extension};`);
  http.push("}", "");
  http.push("# Each page's file (below /<coding>/<lang>), and which of them are tool pages (answered 503).");
  http.push("map $uri $areaoe_page {", '    default "";');
  for (const address of [...pages, ...tools]) http.push(`    ${quoted(address)} ${quoted(mirrorPageStem(address))};`);
  http.push("}", "map $uri $areaoe_tool {", '    default "";');
  for (const address of tools) http.push(`    ${quoted(address)} "1";`);
  http.push("}", "");
  http.push("# The headers the portal sent with each file.");
  for (const name of names) {
    if (name === "content-type") continue;
    http.push(`map $areaoe_file $${headerVariable(name)} {`, '    default "";');
    for (const file of files) {
      const value = file.headers.find(([header]) => header === name)?.[1];
      if (value !== undefined) http.push(`    ${quoted(file.path)} ${quoted(value)};`);
    }
    http.push("}");
  }
  const location = ["# Written by `npm run mirror` (server/mirror/mirror-layout.ts): do not edit.", ""];
  for (const name of names) {
    if (!THROUGH_PROJECT_MAPS.has(name)) location.push(`add_header ${titleCase(name)} $${headerVariable(name)} always;`);
  }
  return { "http.conf": `${http.join("\n")}\n`, "location.conf": `${location.join("\n")}\n` };
}
