import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** The error of one field, above its control, prefixed for screen readers with 'Error:'. */
export function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation("ui");
  return (
    <p id={id} className="error-message">
      <span className="visually-hidden">{t("form.errorPrefix")}</span> {children}
    </p>
  );
}
