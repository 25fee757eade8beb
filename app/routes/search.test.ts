import { describe, expect, it } from "vitest";
import type { Route } from "./+types/search";
import { meta } from "./search";

const robotsOf = (query: string) => {
  const args = { location: { pathname: "/areaOE/public/pesquisa", search: query ? `?q=${query}` : "" }, matches: [], loaderData: { query, results: [] } };
  return meta(args as unknown as Route.MetaArgs).find((descriptor) => descriptor !== undefined && "name" in descriptor && descriptor.name === "robots");
};

describe("the search page's meta", () => {
  it("keeps result pages out of search engines, not the search page itself", () => {
    expect(robotsOf("certificado")).toEqual({ name: "robots", content: "noindex" });
    expect(robotsOf("")).toBeUndefined();
  });
});
