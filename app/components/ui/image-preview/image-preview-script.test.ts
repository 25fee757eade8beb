// @vitest-environment jsdom
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { imagePreviewScript, imagePreviewSource } from "./image-preview-script";

describe("imagePreviewScript", () => {
  const element = imagePreviewScript("N0nce");
  const source = /<script[^>]*>([\s\S]*)<\/script>$/.exec(element)?.[1] ?? "";

  it("is one inline module with the page's nonce, marked as the allowed enhancement", () => {
    expect(element).toMatch(/^<script type="module" nonce="N0nce" data-enhancement="image-preview">/);
    expect(source).not.toContain("</");
  });

  it("on a static document has no nonce, and its text is the same for every page (one CSP hash)", () => {
    expect(imagePreviewScript()).toBe(`<script type="module" data-enhancement="image-preview">${imagePreviewSource()}</script>`);
    expect(imagePreviewSource()).toBe(source);
  });

  it("weighs at most 3 KB gzip", () => {
    expect(gzipSync(source).length).toBeLessThanOrEqual(3 * 1024);
  });

  it("runs on its own (uses nothing from outside its source) and opens a preview's dialog on a click", () => {
    document.body.innerHTML = `
      <a href="/x.svg" data-image-preview="d1" id="thumb"><img src="/x.svg" alt="Enlarge image: x"></a>
      <dialog id="d1"><div class="image-zoom"><output class="image-zoom__level" data-template="Zoom: {percent}"></output>
      <div class="image-zoom__viewport"><img src="/x.svg" alt="x"></div></div></dialog>`;
    const dialog = document.getElementById("d1") as HTMLDialogElement;
    const opened: string[] = [];
    dialog.showModal = () => opened.push("modal");
    (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver ??= class {
      observe() {}
    };
    new Function(source)();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    document.getElementById("thumb")!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(opened).toEqual(["modal"]);
    // A click with a modifier (open in a new tab) is the link's.
    const newTab = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    document.getElementById("thumb")!.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
  });
});
