// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import { PartOf } from "./part-of";

afterEach(cleanup);

describe("<PartOf>", () => {
  it("links each journey with its detail, in a navigation region of its own", () => {
    render(withI18n(<PartOf items={[{ href: "/areaOE/a#passo-x", title: "Import goods", detail: "· step 2 of 6" }, { href: "/areaOE/b", title: "Export goods" }]} />));
    const region = screen.getByRole("navigation", { name: "Step by step journeys this page is part of" });
    expect(region).toHaveTextContent("Part of step by step");
    expect(screen.getByRole("link", { name: "Import goods" })).toHaveAttribute("href", "/areaOE/a#passo-x");
    expect(screen.getByRole("link", { name: "Export goods" })).toHaveAttribute("href", "/areaOE/b");
    expect(region).toHaveTextContent("· step 2 of 6");
  });

  it("renders nothing for a page that is part of no journey", () => {
    const { container } = render(withI18n(<PartOf items={[]} />));
    expect(container).toBeEmptyDOMElement();
  });
});
