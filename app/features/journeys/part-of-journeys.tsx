import { useTranslation } from "~/i18n/use-translation";
import { PartOf } from "~/components/ui/part-of/part-of";
import { journeysOfPage, stepAnchor } from "~/config/journeys";
import { pageHref } from "~/config/site-map";

/**
 * The "Part of" box of a page: every journey one of whose steps links the page, each linked to that
 * step on the journey page ("step 3 of 7"). Derived from app/config/journeys.ts; nothing on a page that
 * no step links.
 */
export function PartOfJourneys({ pageId }: { pageId: string }) {
  const { t } = useTranslation("journeys");
  const items = journeysOfPage(pageId).map((membership) => ({
    href: `${pageHref(membership.journey)}#${stepAnchor(membership.stepId)}`,
    title: t(`pages:${membership.journey}.breadcrumb`),
    detail: t("partOfStep", { number: membership.stepNumber, count: membership.stepCount }),
  }));
  return <PartOf items={items} />;
}
