// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ImagePreviewDialog } from "./image-preview-dialog";
import { withI18n } from "~/components/ui/test-i18n";

afterEach(cleanup);

describe("<ImagePreviewDialog> thumbnail", () => {
  it.each([
    ["pt", "Ampliar imagem: Esquema"],
    ["en", "Enlarge image: Esquema"],
  ] as const)("is a link named once, by its image's alt text (%s)", (lang, name) => {
    render(withI18n(<ImagePreviewDialog src="/areaOE/diagrams/x.svg" alt="Esquema" />, lang));
    const link = screen.getByRole("link", { name });
    // One accessible name: no aria-label on the link, the image's alt says what the link does (H30).
    expect(link.hasAttribute("aria-label")).toBe(false);
    const images = link.querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute("alt")).toBe(name);
  });
});
