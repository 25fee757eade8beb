import { describe, expect, expectTypeOf, it } from "vitest";
import { namespaces } from "./resources";
import { serverT } from "./server-texts";
import { TEXT_NAMESPACES, type PluralKey, type TextKey, type TFunction } from "./text-keys";

/**
 * The typed keys (text-keys.ts). The `@ts-expect-error` lines are the proof that a wrong key fails the
 * typecheck (`npx tsc -p . --noEmit`): if one of them compiled, tsc would report the unused directive.
 */
describe("typed text keys", () => {
  it("name every namespace the locale files have, and no other", () => {
    expect([...TEXT_NAMESPACES].sort()).toEqual([...namespaces].sort());
  });

  it("accept the keys of the namespace, its key prefix, namespace:key, and a plural's key with a count", () => {
    const t = serverT("pt", "search");
    expectTypeOf<"siteSearch">().toExtend<TextKey<"search">>();
    expectTypeOf<"common:siteName">().toExtend<TextKey<"search">>();
    expectTypeOf<"pages:home.title">().toExtend<TextKey<"search">>();
    expectTypeOf<"resultCount">().toExtend<PluralKey<"search">>();
    expectTypeOf(serverT("pt", "errors", "server")).toEqualTypeOf<TFunction<"errors", "server">>();
    expect(serverT("pt", "errors", "server")("tooMany", { seconds: 3 })).toContain("3");
    expect(t("resultCount", { count: 2 })).toContain("2");
    expect(t("common:siteName")).toBe(serverT("pt")("siteName"));
  });

  it("refuse a typo, a key of another namespace without its prefix, a group, and a plural without count", () => {
    const t = serverT("pt");
    const server = serverT("pt", "errors", "server");
    // @ts-expect-error a typo in a key
    expect(() => t("sitName")).toThrow(/No text for "sitName"/);
    // @ts-expect-error a key of another namespace, without `namespace:`
    expect(() => t("check.finding.NOT_XML.title")).toThrow();
    // @ts-expect-error a group of texts, not a text
    expect(() => t("language")).toThrow();
    // @ts-expect-error a plural's key needs its count
    expect(() => serverT("pt", "search")("resultCount")).toThrow();
    // @ts-expect-error with a key prefix, the key is under it
    expect(() => server("server.tooMany")).toThrow();
    // @ts-expect-error a key prefix that is not a group of the namespace
    expect(() => serverT("pt", "errors", "servr")("tooMany")).toThrow();
    // @ts-expect-error a namespace that does not exist
    expect(() => serverT("pt", "nope")("x")).toThrow();
  });

  it("refuse a dynamic key whose value has no text, or is any string", () => {
    const t = serverT("pt", "security-header");
    const form = "digest" as "digest" | "saml";
    // @ts-expect-error "saml" has no check.formName text
    expect(() => t(`check.formName.${form}`)).not.toThrow();
    const code = "NOT_XML" as string;
    // @ts-expect-error any string may have no text: the value's type must be the family's list
    expect(t(`check.finding.${code}.title`)).toBeTruthy();
  });
});
