import { SystemsTable } from "~/features/session/systems-table";

/** The first steps page's table of systems, sortable (app/routes/first-steps.tsx). */
export default SystemsTable;
