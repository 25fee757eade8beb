import type { Page } from "@playwright/test";
import { test, expect, axeViolations } from "./support/fixtures";

const CAPTION = { pt: "Do registo à produção, em cinco passos", en: "From registration to production, in five steps" };

async function openHomeDiagram(page: Page, lang: "pt" | "en") {
  // The home page is not hydrated: a native <dialog>, opened by the page's one small module.
  await page.goto(`/areaOE/?lang=${lang}`);
  const thumbnail = page.getByRole("link", { name: lang === "pt" ? /Ampliar imagem/ : /Enlarge image/ });
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail.locator("img")).toHaveJSProperty("complete", true);
  const thumbnailBox = (await thumbnail.locator("img").boundingBox())!;
  await thumbnail.click();
  const dialog = page.getByRole("dialog", { name: CAPTION[lang] });
  const image = dialog.getByRole("img");
  const viewport = dialog.locator(".image-zoom__viewport");
  await expect(image).toHaveJSProperty("complete", true);
  // Fitted once the picture and its box are measured.
  await expect(image).toHaveAttribute("style", /width/);
  return { dialog, image, viewport, thumbnailBox };
}

async function widthOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((node) => node.getBoundingClientRect().width);
}

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the diagram opens readable (zoomed, from its start), fits the screen on request, zooms with the buttons and keys, and scrolls when zoomed", async ({ page }) => {
    const { dialog, image, viewport, thumbnailBox } = await openHomeDiagram(page, "pt");
    // Fitted to 390 px, the 1000 px wide diagram's 17 px text would be under 7 px: it opens at 200%, from its start.
    await expect(dialog.getByText("Ampliação: 200%")).toBeVisible();
    const scale = await image.evaluate((node: HTMLImageElement) => node.getBoundingClientRect().width / node.naturalWidth);
    expect(scale).toBeGreaterThanOrEqual(0.75);
    expect(await viewport.evaluate((node) => ({ left: node.scrollLeft, top: node.scrollTop }))).toEqual({ left: 0, top: 0 });
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.height).toBeLessThanOrEqual(844);
    expect(dialogBox.width).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    // The whole picture on request: edge to edge (the box has no side borders on a phone), larger than the thumbnail.
    await dialog.getByRole("button", { name: "Ajustar ao ecrã" }).click();
    await expect(dialog.getByText("Ampliação: 100%")).toBeVisible();
    const fitted = (await image.boundingBox())!;
    expect(fitted.width).toBeGreaterThanOrEqual(388);
    expect(fitted.width).toBeGreaterThan(thumbnailBox.width);
    await expect(dialog.getByRole("button", { name: "Reduzir" })).toHaveAttribute("aria-disabled", "true");

    await dialog.getByRole("button", { name: "Ampliar" }).click();
    await expect(dialog.getByText("Ampliação: 150%")).toBeVisible();
    expect(await widthOf(page, ".image-zoom__image")).toBeCloseTo(fitted.width * 1.5, -1);
    const scroll = await viewport.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth, scrollLeft: node.scrollLeft }));
    expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
    // Zoomed about the centre.
    expect(scroll.scrollLeft).toBeGreaterThan(0);

    // The keyboard: + and - on the focused picture, arrows scroll it, 0 fits it again.
    await viewport.focus();
    await page.keyboard.press("+");
    await expect(dialog.getByText("Ampliação: 200%")).toBeVisible();
    const before = await viewport.evaluate((node) => node.scrollLeft);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => viewport.evaluate((node) => node.scrollLeft)).toBeGreaterThan(before);
    await page.keyboard.press("-");
    await expect(dialog.getByText("Ampliação: 150%")).toBeVisible();
    await page.keyboard.press("0");
    await expect(dialog.getByText("Ampliação: 100%")).toBeVisible();
    expect(await widthOf(page, ".image-zoom__image")).toBeCloseTo(fitted.width, 0);
    // The page itself never grew sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("a two-finger pinch on the picture zooms it", async ({ page }) => {
    const { image, viewport } = await openHomeDiagram(page, "pt");
    // From the whole picture (the 0 key fits it; it opens zoomed, see above).
    await viewport.focus();
    await page.keyboard.press("0");
    await expect(viewport).toHaveAttribute("data-zoom", "1");
    const fitted = (await image.boundingBox())!;
    const box = (await viewport.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    const points = (spread: number) => [
      { x: centre.x - spread, y: centre.y, id: 1 },
      { x: centre.x + spread, y: centre.y, id: 2 },
    ];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(40) });
    for (const spread of [50, 60, 70, 80]) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(spread) });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    // Fingers twice as far apart: twice the size.
    await expect(viewport).toHaveAttribute("data-zoom", "2");
    expect((await image.boundingBox())!.width).toBeCloseTo(fitted.width * 2, -1);
  });
});

test.describe("on a desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the diagram fills the dialog's picture box, with the zoom controls in English", async ({ page }) => {
    const { dialog, image, viewport, thumbnailBox } = await openHomeDiagram(page, "en");
    const fitted = (await image.boundingBox())!;
    const box = await viewport.evaluate((node) => ({ width: node.clientWidth, height: node.clientHeight }));
    // As large as the box allows: it touches two opposite sides.
    expect(fitted.width >= box.width - 1 || fitted.height >= box.height - 1).toBe(true);
    expect(fitted.width).toBeGreaterThan(thumbnailBox.width * 2);
    const zoom = dialog.getByRole("group", { name: "Zoom" });
    for (const name of ["Zoom out", "Zoom in", "Fit to screen"]) await expect(zoom.getByRole("button", { name })).toBeVisible();
    await zoom.getByRole("button", { name: "Zoom in" }).press("Enter");
    await expect(dialog.getByText("Zoom: 150%")).toBeVisible();
    await expect(zoom.getByRole("button", { name: "Zoom in" })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the thumbnail is a link to the picture itself", async ({ page }) => {
    await page.goto("/areaOE/?lang=pt");
    const thumbnail = page.getByRole("link", { name: /Ampliar imagem/ });
    await expect(thumbnail).toHaveAttribute("href", "/areaOE/diagrams/getting-started-pt.svg");
    // One accessible name, from the image's alt text (WCAG H30): no aria-label, no empty alt.
    await expect(thumbnail).not.toHaveAttribute("aria-label", /.*/);
    await expect(thumbnail.locator("img")).toHaveAttribute("alt", /^Ampliar imagem: .+/);
  });
});
