import { click, find, until, type UiExample } from "~/components/ui/ui-example";
import { DataTable, type DataTableColumn } from "./data-table";

interface Row {
  id: string;
  system: string;
  profile: string;
}

const SYSTEMS = ["STADA Import CAU", "STADA Exportação CAU", "SiMTeM", "SICEU", "SFA2", "STADA Trânsito CAU", "ICS2", "SAL", "DAIN", "RBV", "NR CAU", "DSS CAU"];
const ROWS: Row[] = SYSTEMS.map((system, index) => ({ id: `s${index}`, system, profile: index % 2 === 0 ? "ROLE_DUI" : "ROLE_DUE" }));
const COLUMNS: DataTableColumn<Row>[] = [
  { accessorKey: "system", header: "System" },
  { accessorKey: "profile", header: "Profile", size: 120 },
];

export const examples: UiExample[] = [
  {
    name: "twelve rows: ten per page (the default), sortable, filtered in pt-PT",
    render: () => <DataTable caption="Systems" columns={COLUMNS} data={ROWS} getRowId={(row) => row.id} />,
    // Without JavaScript: every row of the first page, as plain table HTML; no control that cannot work.
    shows: { pt: ["Systems", "STADA Import CAU", "SiMTeM"], en: ["System", "Profile", "SICEU"] },
    async interact(container) {
      const next = await until(() => [...container.querySelectorAll<HTMLButtonElement>(".data-table__pagination button")].at(-2));
      await click(next);
      await until(() => container.querySelector("tbody")?.textContent?.includes("NR CAU"));
      if (container.querySelectorAll("tbody tr").length !== 2) throw new Error("the second page does not hold the last two rows");
      find(container, "table");
    },
  },
  {
    name: "an empty table says so (the specification's 'Nothing to show.')",
    render: () => <DataTable caption="Systems" columns={COLUMNS} data={[]} filterable={false} />,
    shows: { pt: ["Nada a mostrar."], en: ["Nothing to show."] },
  },
];
