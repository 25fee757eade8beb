// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { LANGUAGE_LINK_ATTRIBUTE, answeredPageScript, answeredPageSource } from "./answered-page-script";

describe("the answered page's module", () => {
  it("keeps the language links on the current address: its query and its fragment, or the link's own section", () => {
    window.history.replaceState(null, "", "/areaOE/public/prazos?prazo=settlement-payment&data=29%2F01%2F2026&lang=pt#calculadora");
    document.body.innerHTML = `<nav><a ${LANGUAGE_LINK_ATTRIBUTE}="en" href="/areaOE/public/prazos?prazo=settlement-payment&amp;data=29%2F01%2F2026&amp;lang=en#calculadora">EN</a></nav>`;
    // The module as the page carries it: its own source, run as it is.
    new Function(answeredPageSource())();
    // The address changed in the browser (a browser answer, an in-page link): the link follows it.
    window.history.pushState(null, "", "/areaOE/public/prazos?prazo=isv-dav-individual&data=2026-04-15&lang=pt#prazo-isv-dav-individual");
    const link = document.querySelector("a")!;
    link.addEventListener("click", (event) => event.preventDefault());
    link.click();
    expect(link.getAttribute("href")).toBe("/areaOE/public/prazos?prazo=isv-dav-individual&data=2026-04-15&lang=en#prazo-isv-dav-individual");
    // Without a fragment in the address, the link keeps the section the server gave it.
    window.history.pushState(null, "", "/areaOE/public/prazos?area=import&lang=pt");
    link.setAttribute("href", "/areaOE/public/prazos?area=import&lang=en#lista");
    link.dispatchEvent(new Event("focusin", { bubbles: true }));
    expect(link.getAttribute("href")).toBe("/areaOE/public/prazos?area=import&lang=en#lista");
  });

  it("is an inline module with the nonce it is given, or none on a static document", () => {
    expect(answeredPageScript("abc")).toMatch(/^<script type="module" nonce="abc" data-enhancement="answered-page">\(function/);
    expect(answeredPageScript()).toMatch(/^<script type="module" data-enhancement="answered-page">/);
    expect(answeredPageSource()).not.toContain("</");
  });
});
