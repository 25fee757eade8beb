import { useTranslation } from "~/i18n/use-translation";

/** A registry value that may be null: a dash for the eye, 'Not stated' for screen readers. */
export function OptionalValue({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation("documents");
  if (value) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t("unknown")}</span>
    </>
  );
}
