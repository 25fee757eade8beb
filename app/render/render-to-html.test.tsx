import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderToHtml } from "./render-to-html";
import { busyResponse, RETRY_AFTER_SECONDS } from "./busy-page";

const never = new Promise<string>(() => undefined);
function Waits() {
  return <p>{use(never)}</p>;
}

describe("renderToHtml", () => {
  it("renders the whole document, lazily resolved parts included", async () => {
    const later = Promise.resolve("ready");
    function Later() {
      return <p>{use(later)}</p>;
    }
    const outcome = await renderToHtml(
      <main>
        <Suspense fallback="…">
          <Later />
        </Suspense>
      </main>,
      { timeoutMs: 1_000 },
    );
    expect(outcome).toMatchObject({ kind: "html", hadErrors: false });
    expect(outcome.kind === "html" && outcome.html.toString("utf8")).toContain("ready");
  });

  it("reports a timeout (not an error) when a part never resolves", async () => {
    const outcome = await renderToHtml(
      <main>
        <Suspense fallback="…">
          <Waits />
        </Suspense>
      </main>,
      { timeoutMs: 50 },
    );
    expect(outcome).toEqual({ kind: "timeout" });
  });

  it("reports a timeout when even the shell never finishes", async () => {
    expect(await renderToHtml(<Waits />, { timeoutMs: 50 })).toEqual({ kind: "timeout" });
  });

  it("a component that throws is an error, not an overload", async () => {
    function Broken(): never {
      throw new Error("broken");
    }
    const errors: unknown[] = [];
    const outcome = await renderToHtml(
      <Suspense fallback="…">
        <Broken />
      </Suspense>,
      { timeoutMs: 1_000, onError: (error) => errors.push(error) },
    );
    expect(outcome).toMatchObject({ kind: "html", hadErrors: true });
    expect(errors).toHaveLength(1);
  });
});

describe("busyResponse", () => {
  it("is a 503 with Retry-After, never cached, in the visitor's language, with a link to try again", async () => {
    const response = busyResponse({
      lang: "en",
      url: "https://portal.example/areaOE/public/importacao?lang=en",
      headers: new Headers(),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("Service busy");
    expect(html).toContain('href="/areaOE/public/importacao?lang=en"');
    expect(html).not.toContain("<script");
  });

  it("escapes the address it links to", async () => {
    const response = busyResponse({
      lang: "pt",
      url: 'https://portal.example/areaOE/x?a="><script>',
      headers: new Headers(),
    });
    const html = await response.text();
    expect(html).toContain("Serviço ocupado");
    expect(html).not.toContain('"><script>');
  });
});
