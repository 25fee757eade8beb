import { describe, expect, it } from "vitest";
import { defaultUsefulLinks, resolveUsefulLinks, type UsefulLink } from "./public-config";

const links = {
  tariff: "https://tariff.example/",
  gue: "https://gue.example/",
  eori: "https://eori.example/",
  contactUs: "https://contact.example/",
  customsInformation: "https://info.example/",
  forms: "https://forms.example/",
  customsLinks: "https://links.example/",
  financePortal: "https://portal.example/",
  vehicleTaxSimulator: "https://sim.example/",
};

const extra: UsefulLink = { linkText: { pt: "Extra", en: "Extra" }, href: "/areaOE/public/ivaExp", inApp: true };
const other: UsefulLink = { linkText: { pt: "Outro", en: "Other" }, href: "https://other.example/", inApp: false };

describe("useful links", () => {
  it("lists customs information, tariff, forms, customs links, GUE and EORI from the configuration", () => {
    const list = defaultUsefulLinks(links);
    expect(list.map((link) => link.href)).toEqual([
      links.customsInformation,
      links.tariff,
      links.forms,
      links.customsLinks,
      links.gue,
      links.eori,
    ]);
    expect(list.every((link) => !link.inApp)).toBe(true);
  });

  it("keeps the base list when no page declares anything", () => {
    const base = defaultUsefulLinks(links);
    expect(resolveUsefulLinks(base, [undefined, undefined])).toEqual(base);
  });

  it("appends a page's links after the base list", () => {
    const base = defaultUsefulLinks(links);
    const result = resolveUsefulLinks(base, [undefined, { mode: "append", links: [extra] }]);
    expect(result).toHaveLength(7);
    expect(result[6]).toEqual(extra);
  });

  it("replaces the list when a page says so, and later appends build on the replacement", () => {
    const base = defaultUsefulLinks(links);
    const result = resolveUsefulLinks(base, [
      { mode: "replace", links: [other] },
      { mode: "append", links: [extra] },
    ]);
    expect(result).toEqual([other, extra]);
  });

  it("does not mutate the base list", () => {
    const base = defaultUsefulLinks(links);
    const before = structuredClone(base);
    resolveUsefulLinks(base, [{ mode: "append", links: [extra] }]);
    expect(base).toEqual(before);
  });
});
