import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** A highlighted note in a content file: `<Callout kind="warning">…</Callout>`. */
export function Callout({ kind = "info", title, children }: { kind?: "info" | "warning"; title?: string; children: ReactNode }) {
  const { t } = useTranslation("content");
  return (
    <div className={`callout callout--${kind}`}>
      <p className="callout__title">
        <strong>{title ?? (kind === "warning" ? t("important") : t("note"))}</strong>
      </p>
      {children}
    </div>
  );
}
