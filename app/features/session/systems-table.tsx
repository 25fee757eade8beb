import { useTranslation } from "react-i18next";
import { SmartLink } from "~/components/ui/smart-link";
import type { CustomsRole } from "./customs-roles";
import { SYSTEM_PROFILES, systemAccess } from "./system-profiles";

/** The systems and the profile each needs; for a signed-in visitor, whether they can use each. */
export function SystemsTable({ roles }: { roles: readonly CustomsRole[] | null }) {
  const { t } = useTranslation("session");
  return (
    <div className="prose table-scroll" data-testid="systems">
      <table>
        <caption>{t("systems.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("systems.system")}</th>
            <th scope="col">{t("systems.profile")}</th>
            <th scope="col">{t("systems.canUse")}</th>
          </tr>
        </thead>
        <tbody>
          {SYSTEM_PROFILES.map((system) => {
            const name = t(`systems.names.${system.id}`);
            const access = roles ? systemAccess(system, roles) : null;
            return (
              <tr key={system.id}>
                <th scope="row">{system.href ? <SmartLink href={system.href}>{name}</SmartLink> : name}</th>
                <td>{system.profile ? <code>{system.profile}</code> : t("systems.notStated")}</td>
                <td>
                  {access === null
                    ? t("systems.signInToSee")
                    : access === "unknown"
                      ? t("systems.unknown")
                      : t(`systems.${access}`)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>{t("systems.note")}</p>
    </div>
  );
}
