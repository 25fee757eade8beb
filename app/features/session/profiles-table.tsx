import { useTranslation } from "~/i18n/use-translation";
import type { CustomsRole } from "./customs-roles";

/** The visitor's customs profiles as a table of role and description, or 'No profile'. */
export function ProfilesTable({ name, roles }: { name: string; roles: readonly CustomsRole[] }) {
  const { t } = useTranslation("session");
  if (roles.length === 0) {
    return (
      <div data-testid="profiles">
        <p className="profiles__none">
          <strong>{t("profiles.none")}</strong>
        </p>
        <p>{t("profiles.noneHelp")}</p>
      </div>
    );
  }
  return (
    <div className="prose table-scroll" data-testid="profiles">
      <table>
        <caption>{t("profiles.caption", { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("profiles.role")}</th>
            <th scope="col">{t("profiles.description")}</th>
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role}>
              <th scope="row">
                <code>{role}</code>
              </th>
              <td>{t(`roles.${role}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
