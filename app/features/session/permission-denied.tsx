import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";

/**
 * The "No permission" state: the title 'Attention!', the message, and the way to apply for the
 * profiles (the GUE address from the startup configuration). It is the page's h1.
 */
export function PermissionDenied({ gueHref }: { gueHref: string }) {
  const { t } = useTranslation("session");
  return (
    <section className="permission-denied callout callout--warning" aria-labelledby="permission-denied-title">
      <h1 id="permission-denied-title">{t("permission.title")}</h1>
      <p className="lead">{t("permission.message")}</p>
      <p>
        <SmartLink href={gueHref} className="button button--primary">
          {t("permission.action")}
        </SmartLink>
      </p>
    </section>
  );
}
