import { describe, expect, it } from "vitest";
import changes from "../../content/changes.json";
import { feedPath, feedsOfPage } from "./feeds";
import { pageMeta } from "./page-meta";

describe("the Atom feeds in the head of the pages they follow", () => {
  it("announce each feed in both languages with its media type, on its page only", () => {
    expect(feedsOfPage("changes")).toEqual(["changes"]);
    expect(feedsOfPage("web-services")).toEqual(["certificates"]);
    expect(feedsOfPage("home")).toEqual([]);
    // Every page a feed follows announces it: the pages the change log records, the checker (the sandbox's keys), the form.
    for (const page of new Set(changes.flatMap((change) => change.pages))) expect(feedsOfPage(page)).toContain("changes");
    expect(feedsOfPage("security-header-check")).toEqual(["certificates"]);
    expect(feedsOfPage("security-header-form")).toEqual(["certificates"]);
    const args = { location: { pathname: "/public/alteracoes", search: "" }, matches: [{ id: "root", loaderData: { lang: "en", origin: "https://portal.example" } }] };
    const feeds = pageMeta("changes")(args).filter((tag) => "type" in tag && tag.type === "application/atom+xml");
    expect(feeds).toEqual([
      { tagName: "link", rel: "alternate", type: "application/atom+xml", hrefLang: "pt", href: "https://portal.example/areaOE/feeds/changes.pt.atom" },
      { tagName: "link", rel: "alternate", type: "application/atom+xml", hrefLang: "en", href: "https://portal.example/areaOE/feeds/changes.en.atom" },
    ]);
    expect(pageMeta("tools")(args).some((tag) => "type" in tag && tag.type === "application/atom+xml")).toBe(false);
    expect(feedPath("certificates", "pt")).toBe("/areaOE/feeds/certificates.pt.atom");
  });
});
