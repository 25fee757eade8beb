import { useTranslation } from "~/i18n/use-translation";
import { breadcrumbTrail, findPage, pageHref, type PageId } from "~/config/site-map";
import { keepLanguage, useKeptLanguage } from "~/components/ui/link/kept-language";

/** Home › Area › System, from the site map; the last item is the current page. */
export function Breadcrumbs({ pageId }: { pageId: string }) {
  const { t } = useTranslation("pages");
  const kept = useKeptLanguage();
  const trail = findPage(pageId) ? breadcrumbTrail(pageId) : ["home", pageId];
  if (trail.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={t("common:breadcrumbs")}>
      <ol>
        {trail.map((id, index) => {
          const page = findPage(id);
          const label = t(`${id as PageId}.breadcrumb`);
          const isLast = index === trail.length - 1;
          return (
            <li key={id}>
              {isLast || !page ? (
                <span aria-current={isLast ? "page" : undefined}>{label}</span>
              ) : (
                <a href={keepLanguage(pageHref(page.id as PageId), kept)}>{label}</a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
