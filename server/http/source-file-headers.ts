import path from "node:path";

/** Program sources among the downloads (the CLI, the SoapUI script, the integrators' samples). */
export const SOURCE_FILE_EXTENSIONS: ReadonlySet<string> = new Set([".mjs", ".js", ".groovy", ".java", ".cs", ".php", ".go", ".py"]);

/**
 * A program source is a file to save, never a document to run or render: plain UTF-8 text, as an
 * attachment under its own name (served as `text/javascript` or `application/x-httpd-php` inline, a
 * browser or a misconfigured proxy in front could treat it as code of the portal's origin).
 */
export function sourceFileHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  if (!SOURCE_FILE_EXTENSIONS.has(path.extname(filePath).toLowerCase())) return;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${path.basename(filePath).replace(/[^\w.-]/g, "_")}"`);
}
