// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DATA_TABLE_COLUMN_WIDTH,
  DATA_TABLE_LOADING_ROWS,
  DATA_TABLE_OVERSCAN,
  DATA_TABLE_PAGE_SIZE,
  DATA_TABLE_PAGE_SIZE_OPTIONS,
  DATA_TABLE_ROW_HEIGHT,
  DATA_TABLE_SELECTION_COLUMN_WIDTH,
  DATA_TABLE_VIRTUALISE_FROM,
  DataTable,
  type DataTableColumn,
} from "./data-table";
import { DATA_TABLE_FILTER_LOCALE, compareCellValues, foldText, matchesFilter } from "./data-table-filter";
import { withI18n } from "~/components/ui/test-i18n";

interface Doc {
  id: string;
  title: string;
  size: number;
}

const NAMES = ["Manual de ação", "Árvore", "zebra", "Óscar", "avião", "Bravo", "caixa", "Émile", "delta", "eco", "foxtrot", "golf"];
const DOCS: Doc[] = NAMES.map((title, index) => ({ id: `d${index}`, title, size: (index * 7) % 12 }));
const COLUMNS: DataTableColumn<Doc>[] = [
  { accessorKey: "title", header: "Title" },
  { accessorKey: "size", header: "Size", size: 80 },
];

afterEach(cleanup);

function bodyRows() {
  const [, body] = screen.getAllByRole("rowgroup");
  return within(body!).getAllByRole("row") as HTMLTableRowElement[];
}

describe("data table defaults", () => {
  it("pins the data table defaults", () => {
    expect(DATA_TABLE_PAGE_SIZE).toBe(10);
    expect(DATA_TABLE_PAGE_SIZE_OPTIONS).toEqual([10, 15, 25, 50]);
    expect(DATA_TABLE_ROW_HEIGHT).toBe(41);
    expect(DATA_TABLE_OVERSCAN).toBe(5);
    expect(DATA_TABLE_LOADING_ROWS).toBe(2);
    expect(DATA_TABLE_COLUMN_WIDTH).toBe(150);
    expect(DATA_TABLE_SELECTION_COLUMN_WIDTH).toBe(42);
    expect(DATA_TABLE_FILTER_LOCALE).toBe("pt-PT");
  });
});

describe("<DataTable> on the server", () => {
  it("renders the first page's rows in the HTML", () => {
    const html = renderToString(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={DOCS} getRowId={(d) => d.id} />));
    for (const title of NAMES.slice(0, 10)) expect(html).toContain(`<td>${title}</td>`);
    expect(html).not.toContain("<td>foxtrot</td>");
    expect(html).toContain("Page 1 of 2");
    expect(html).toContain('style="width:150px"');
    expect(html).toContain('style="width:80px"');
  });

  it("offers none of the controls that need scripts (sorting, filter, rows per page, pages) until hydrated: plain headers, 'Page 1 of 2'", () => {
    const html = renderToString(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={DOCS} getRowId={(d) => d.id} />));
    const container = document.createElement("div");
    container.innerHTML = html;
    expect([...container.querySelectorAll("button, select, input")].map((control) => control.outerHTML)).toEqual([]);
    expect([...container.querySelectorAll("thead th")].map((cell) => cell.textContent)).toEqual(["Title", "Size"]);
    expect(container.querySelector("[aria-sort]")).toBeNull();
    expect(container.textContent).toContain("Page 1 of 2");
    // One page: not even that line.
    const onePage = renderToString(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={DOCS.slice(0, 3)} getRowId={(d) => d.id} />));
    expect(onePage).not.toContain("Page 1 of 1");
    // Once hydrated (a client render), they are there and work: see the tests below, which press them.
  });
});

describe("<DataTable> in the browser", () => {
  it("shows page size options and pages through the rows", async () => {
    const user = userEvent.setup();
    render(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={DOCS} getRowId={(d) => d.id} />));
    expect(screen.getByRole("table", { name: "Documents" })).toBeInTheDocument();
    const select = screen.getByLabelText("Rows per page");
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["10", "15", "25", "50"]);
    expect(select).toHaveValue("10");
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(bodyRows().map((row) => row.textContent)).toEqual(["foxtrot10", "golf5"]);
    await user.selectOptions(select, "15");
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(12);
  });

  it("sorts with pt-PT collation through header buttons and announces it with aria-sort", async () => {
    const user = userEvent.setup();
    render(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={DOCS} pageSize={15} />));
    const header = screen.getByRole("columnheader", { name: /Title/ });
    expect(header).toHaveAttribute("aria-sort", "none");
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "ascending");
    const titles = bodyRows().map((row) => row.cells[0]?.textContent);
    expect(titles.slice(0, 5)).toEqual(["Árvore", "avião", "Bravo", "caixa", "delta"]);
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "descending");
    expect(bodyRows()[0]?.cells[0]?.textContent).toBe("zebra");
    const sizeHeader = screen.getByRole("columnheader", { name: /Size/ });
    await user.click(within(sizeHeader).getByRole("button"));
    expect(bodyRows().map((row) => Number(row.cells[1]?.textContent))).toEqual([...DOCS.map((d) => d.size)].sort((a, b) => a - b));
  });

  it("filters ignoring accents and case, and says when nothing matches", async () => {
    const user = userEvent.setup();
    render(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={DOCS} filterPlaceholder="Title or system" />));
    const filter = screen.getByLabelText("Filter the table");
    expect(filter).toHaveAttribute("placeholder", "Title or system");
    await user.type(filter, "ACAO");
    expect(bodyRows().map((row) => row.cells[0]?.textContent)).toEqual(["Manual de ação"]);
    expect(screen.getByRole("status")).toHaveTextContent("1 row");
    await user.clear(filter);
    await user.type(filter, "oscar");
    expect(bodyRows().map((row) => row.cells[0]?.textContent)).toEqual(["Óscar"]);
    await user.type(filter, "xyz");
    expect(screen.getByText("No results found.")).toBeInTheDocument();
    expect(filter).toHaveValue("oscarxyz");
  });

  it("says 'Nothing to show.' when empty and shows 2 skeleton rows and 'Loading…' while loading", () => {
    const { rerender } = render(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={[]} />));
    expect(screen.getByText("Nothing to show.")).toBeInTheDocument();
    rerender(withI18n(<DataTable caption="Documents" columns={COLUMNS} data={[]} loading />));
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(document.querySelectorAll("tbody tr.data-table__skeleton-row")).toHaveLength(DATA_TABLE_LOADING_ROWS);
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
  });

  it("adds a 42 px selection column whose checkboxes report the selected rows", async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      withI18n(
        <DataTable
          caption="Documents"
          columns={COLUMNS}
          data={DOCS}
          getRowId={(d) => d.id}
          selectable
          onSelectionChange={onSelectionChange}
          getRowLabel={(d) => d.title}
        />,
      ),
    );
    const selectionHeader = screen.getAllByRole("columnheader")[0];
    expect(selectionHeader).toHaveStyle({ width: "42px" });
    await user.click(screen.getByRole("checkbox", { name: "Select Bravo" }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([DOCS[5]]);
    await user.click(screen.getByRole("checkbox", { name: "Select all rows on this page" }));
    expect(onSelectionChange.mock.lastCall?.[0]).toHaveLength(10);
  });

  it("shows every row of a short page in the page, without a scroll box of its own", () => {
    const rows = Array.from({ length: 11 }, (_, index) => ({ id: `s${index}`, title: `System ${index}`, size: index }));
    render(withI18n(<DataTable caption="Systems" columns={COLUMNS} data={rows} getRowId={(d) => d.id} pageSize={25} />));
    expect(bodyRows()).toHaveLength(11);
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
    const box = screen.getByRole("region", { name: "Systems" });
    expect(box.style.maxHeight).toBe("");
    expect(box.closest(".data-table")).toHaveAttribute("data-virtualised", "false");
  });

  it("keeps virtual scrolling (a box of 10 rows) for pages of DATA_TABLE_VIRTUALISE_FROM rows or more", () => {
    // Above every default page size (10 to 50), so the defaults never virtualise.
    expect(DATA_TABLE_VIRTUALISE_FROM).toBeGreaterThan(Math.max(...DATA_TABLE_PAGE_SIZE_OPTIONS));
    const rows = Array.from({ length: DATA_TABLE_VIRTUALISE_FROM }, (_, index) => ({ id: `r${index}`, title: `Row ${index}`, size: index }));
    render(withI18n(<DataTable caption="Long log" columns={COLUMNS} data={rows} pageSize={DATA_TABLE_VIRTUALISE_FROM} />));
    expect(screen.getByRole("region", { name: "Long log" }).style.maxHeight).toBe(`${DATA_TABLE_ROW_HEIGHT * 11 + 4}px`);
    render(withI18n(<DataTable caption="Shorter log" columns={COLUMNS} data={rows} pageSize={DATA_TABLE_VIRTUALISE_FROM - 1} />));
    expect(screen.getByRole("region", { name: "Shorter log" }).style.maxHeight).toBe("");
  });

  it("loads the virtualiser for a long page once hydrated and renders only its window of rows", async () => {
    // jsdom lays nothing out: the scroll box gets the height of its ten visible rows.
    const height = vi.spyOn(Element.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.classList.contains("data-table__scroll") ? DATA_TABLE_ROW_HEIGHT * 11 : 0;
    });
    try {
      const rows = Array.from({ length: DATA_TABLE_VIRTUALISE_FROM }, (_, index) => ({ id: `r${index}`, title: `Row ${index}`, size: index }));
      const { container } = render(withI18n(<DataTable caption="Long log" columns={COLUMNS} data={rows} pageSize={DATA_TABLE_VIRTUALISE_FROM} />));
      // Every row of the page until the virtualiser's chunk arrives, then its window.
      await vi.waitFor(() => expect(container.querySelector(".data-table")).toHaveAttribute("data-virtualised", "true"));
      const shown = bodyRows().filter((row) => row.dataset.index !== undefined);
      expect(shown.length).toBeGreaterThan(0);
      // A window of the rows (jsdom measures the rendered rows as 0 px high, so more than a screenful of them).
      expect(shown.length).toBeLessThan(DATA_TABLE_VIRTUALISE_FROM);
    } finally {
      height.mockRestore();
    }
  });

  it("speaks Portuguese", () => {
    render(withI18n(<DataTable caption="Documentos" columns={COLUMNS} data={[]} />, "pt"));
    expect(screen.getByText("Nada a mostrar.")).toBeInTheDocument();
    expect(screen.getByLabelText("Linhas por página")).toBeInTheDocument();
  });
});

describe("filter helpers", () => {
  it("fold accents and case like a pt-PT base collation", () => {
    expect(foldText("  Ação   ÓSCAR ")).toBe("acao oscar");
    expect(matchesFilter("Declaração Sumária", "sumaria")).toBe(true);
    expect(matchesFilter("Declaração", "")).toBe(true);
    expect(matchesFilter(null, "a")).toBe(false);
    expect(matchesFilter(1234, "23")).toBe(true);
  });
  it("compare numbers numerically, texts by collation and empty values last", () => {
    expect(compareCellValues(2, 10)).toBeLessThan(0);
    expect(compareCellValues("item 2", "item 10")).toBeLessThan(0);
    expect(compareCellValues("Árvore", "avião")).toBeLessThan(0);
    expect(compareCellValues(null, "a")).toBeGreaterThan(0);
    expect(compareCellValues("a", undefined)).toBeLessThan(0);
  });
});
