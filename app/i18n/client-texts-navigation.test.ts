import { afterEach, describe, expect, it } from "vitest";
import { navigationLanguage, startClientTexts } from "./client-texts";
import { createRenderTexts } from "./server-texts";
import { setDefaultTextSource } from "./texts-context";

describe("navigationLanguage", () => {
  afterEach(() => setDefaultTextSource(createRenderTexts("pt")));

  it("takes an explicit ?lang= first, then the browser texts' language, never an unknown value", () => {
    startClientTexts("en", { namespaces: [], languageNames: {} });
    expect(navigationLanguage(new URL("https://portal.example/areaOE/x"))).toBe("en");
    expect(navigationLanguage(new URL("https://portal.example/areaOE/x?lang=pt"))).toBe("pt");
    expect(navigationLanguage(new URL("https://portal.example/areaOE/x?lang=fr"))).toBe("en");
  });
});
