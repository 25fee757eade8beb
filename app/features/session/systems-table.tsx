import { useMemo } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table/data-table";
import { SmartLink } from "~/components/ui/link/smart-link";
import type { CustomsRole } from "./customs-roles";
import { SYSTEM_PROFILES, systemAccess } from "./system-profiles";

interface SystemRow {
  id: string;
  name: string;
  href?: string;
  profile: string;
  access: string;
}

/** Every system fits on one page of the table. */
const PAGE_SIZE = 25;

/** The systems and the profile each needs; for a signed-in visitor, whether they can use each. */
export function SystemsTable({ roles }: { roles: readonly CustomsRole[] | null }) {
  const { t } = useTranslation("session");
  const rows = useMemo<SystemRow[]>(
    () =>
      SYSTEM_PROFILES.map((system) => {
        const access = roles ? systemAccess(system, roles) : null;
        return {
          id: system.id,
          name: t(`systems.names.${system.id}`),
          href: system.href,
          profile: system.profile ?? t("systems.notStated"),
          access:
            access === null ? t("systems.signInToSee") : access === "unknown" ? t("systems.unknown") : t(`systems.${access}`),
        };
      }),
    [roles, t],
  );
  const columns = useMemo<DataTableColumn<SystemRow>[]>(
    () => [
      {
        accessorKey: "name",
        header: t("systems.system"),
        size: 260,
        cell: (cell) => {
          const row = cell.row.original;
          return row.href ? <SmartLink href={row.href}>{row.name}</SmartLink> : row.name;
        },
      },
      { accessorKey: "profile", header: t("systems.profile"), size: 180 },
      { accessorKey: "access", header: t("systems.canUse"), size: 200 },
    ],
    [t],
  );
  return (
    <div data-testid="systems">
      <DataTable
        caption={t("systems.caption")}
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        filterable={false}
        pageSize={PAGE_SIZE}
      />
      <p>{t("systems.note")}</p>
    </div>
  );
}
