import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import { useAppConfig } from "~/config/use-root-data";
import { UsefulLinksPanel } from "./useful-links-panel";
import { useUsefulLinks } from "./use-useful-links";

/** The fixed side panel of every page: Contact Us and Useful Links. */
export function SidePanel() {
  const { t } = useTranslation("common");
  const config = useAppConfig();
  const links = useUsefulLinks();
  return (
    <aside className="side-panel" aria-label={t("sidePanel.label")}>
      {config ? (
        <section className="side-panel__section" aria-labelledby="contact-us-heading">
          <h2 id="contact-us-heading">{t("sidePanel.contactUsHeading")}</h2>
          <p>
            <SmartLink href={config.links.contactUs} inApp={false}>
              {t("sidePanel.contactUs")}
            </SmartLink>
          </p>
        </section>
      ) : null}
      <UsefulLinksPanel links={links} />
    </aside>
  );
}
