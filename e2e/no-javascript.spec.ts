import { test, expect } from "./support/fixtures";
import { ROUTED_PATHS } from "../scripts/harness/routed-pages";

test("every route's HTML is complete: no content held back for a script to reveal (pt and en)", async ({ request }) => {
  const held: string[] = [];
  for (const lang of ["pt", "en"]) {
    for (const { path } of ROUTED_PATHS) {
      const html = await (await request.get(`${path}?lang=${lang}`)).text();
      // React's streamed Suspense content: a hidden segment plus a placeholder that a script swaps.
      if (/<div hidden id="S:\d+">|<template id="B:\d+">/.test(html)) held.push(`${path}?lang=${lang}`);
    }
  }
  expect(held).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  test("a content page shows its documents table, in its own sideways scroll box", async ({ page }) => {
    await page.goto("/areaOE/public/importacao");
    const table = page.getByRole("region", { name: "Documentos" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Documento" })).toBeVisible();
    expect(await table.evaluate((node) => getComputedStyle(node).overflowX)).toBe("auto");
  });
});
