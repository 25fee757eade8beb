// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { TextsContext } from "~/i18n/texts-context";
import { MemoryRouter } from "react-router";
import { createRenderTexts } from "~/i18n/server-texts";
import type { Language } from "~/i18n/languages";
import type { DocumentEntry } from "./document-schema";
import { DocumentsTable } from "./documents-table";
import { Documents } from "./documents";
import { registry } from "./registry";

afterEach(cleanup);

const base: DocumentEntry = {
  id: "rbv-manual",
  area: "import",
  system: "STADA Import RBV",
  title: { pt: "Manual do RBV", en: "RBV manual" },
  kind: "manual",
  version: "1.2",
  date: "2024-03-05",
  language: "pt",
  format: "PDF",
  size: "1.2 MB",
  publisher: "Autoridade Tributária e Aduaneira",
  href: "https://example.org/rbv.pdf",
};
const undated: DocumentEntry = { ...base, id: "rbv-wsdl", title: { pt: "WSDL do RBV", en: "RBV WSDL" }, kind: "wsdl", version: null, date: null, size: null };
const inApp: DocumentEntry = { ...base, id: "guide", title: { pt: "Guia", en: "Guide" }, href: "/areaOE/public/primeirosPassos" };

function renderIn(lang: Language, node: React.ReactNode) {
  return render(
    <MemoryRouter basename="/areaOE" initialEntries={["/areaOE/"]}>
      <TextsContext value={createRenderTexts(lang)}>{node}</TextsContext>
    </MemoryRouter>,
  );
}

describe("DocumentsTable", () => {
  it("links an external document in a new tab, safely and announced", () => {
    renderIn("en", <DocumentsTable documents={[base]} />);
    const link = screen.getByRole("link", { name: /RBV manual/ });
    expect(link).toHaveAttribute("href", "https://example.org/rbv.pdf");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).toHaveTextContent("(opens in a new tab)");
    // A Portuguese document listed on the English page says so.
    expect(link).toHaveAttribute("hreflang", "pt");
  });

  it("names the publisher, and says 'Not stated' for what the source does not state", () => {
    renderIn("en", <DocumentsTable documents={[undated]} />);
    const row = screen.getByRole("row", { name: /RBV WSDL/ });
    expect(within(row).getByRole("link", { name: /RBV WSDL/ })).toHaveAttribute("href", "https://example.org/rbv.pdf");
    expect(row).toHaveTextContent("Autoridade Tributária e Aduaneira");
    expect(screen.getByRole("columnheader", { name: "Publisher" })).toBeInTheDocument();
    expect(within(row).getAllByText("Not stated")).toHaveLength(3);
  });

  it("formats the date and names kind and language in the reader's language", () => {
    renderIn("pt", <DocumentsTable documents={[base, inApp]} />);
    const row = screen.getByRole("row", { name: /Manual do RBV/ });
    expect(row).toHaveTextContent("5 de março de 2024");
    expect(row).toHaveTextContent("Português");
    expect(screen.getByRole("columnheader", { name: "Versão" })).toBeInTheDocument();
    const guide = screen.getByRole("link", { name: "Guia" });
    expect(guide).toHaveAttribute("href", "/areaOE/public/primeirosPassos");
    expect(guide).not.toHaveAttribute("target");
  });
});

describe("Documents", () => {
  it("lists every document of a long list, with no page to reach by script (a page of text runs none)", () => {
    const ids = [...registry.documents.keys()].slice(0, 12);
    renderIn("en", <Documents ids={ids} />);
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row")).toHaveLength(1 + ids.length);
    expect(within(table).queryByRole("button")).toBeNull();
  });
});
