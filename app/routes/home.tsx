import { keepLanguage, useKeptLanguage } from "~/components/ui/link/kept-language";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/config/page-meta";
import { assetPath } from "~/config/paths";
import { useLanguage } from "~/i18n/use-language";
import { childPages, pageHref, type PageId } from "~/config/site-map";
import { ImagePreviewDialog } from "~/components/ui/image-preview/image-preview-dialog";
import { FIRST_STEPS } from "~/config/first-steps";

export const meta = pageMeta("home");

const TOOL_PAGES: PageId[] = ["first-steps", "web-services", "tools", "security-header", "testing-manual"];
/** The journeys' index: its children are the home page's "Step by step" cards, not an area. */
const JOURNEYS_PAGE: PageId = "journeys";

export default function Home() {
  const { t } = useTranslation(["common", "pages"]);
  const areas = childPages("home").filter((page) => !TOOL_PAGES.includes(page.id as PageId) && page.id !== JOURNEYS_PAGE);
  const journeys = childPages(JOURNEYS_PAGE).map((page) => page.id as PageId);
  const lang = useLanguage();
  const kept = useKeptLanguage();
  return (
    <div className="home">
      <h1>{t("pages:home.title")}</h1>
      <p className="lead">{t("common:home.intro")}</p>

      <section className="callout callout--primary" aria-labelledby="generate-header-heading">
        <h2 id="generate-header-heading">{t("common:home.generateHeaderTitle")}</h2>
        <p>{t("common:home.generateHeaderBody")}</p>
        <p>
          <a href={keepLanguage(pageHref("security-header-form"), kept)} className="button button--primary">
            {t("common:home.generateHeaderAction")}
          </a>
        </p>
      </section>

      <section aria-labelledby="journeys-heading">
        <h2 id="journeys-heading">{t("common:home.journeysHeading")}</h2>
        <p>{t("common:home.journeysIntro")}</p>
        <PageCards ids={journeys} />
      </section>

      <section aria-labelledby="areas-heading">
        <h2 id="areas-heading">{t("common:home.areasHeading")}</h2>
        <PageCards ids={areas.map((page) => page.id as PageId)} />
      </section>

      <section aria-labelledby="start-heading">
        <h2 id="start-heading">{t("common:home.startHeading")}</h2>
        <PageCards ids={TOOL_PAGES} />
        <ImagePreviewDialog
          src={assetPath(`diagrams/getting-started-${lang}.svg`)}
          alt={t("common:home.diagramAlt", { steps: FIRST_STEPS.map((step, index) => `${index + 1}. ${t(`common:firstSteps.steps.${step}`)}`).join("; ") })}
          caption={t("common:home.diagramCaption")}
          size="lg"
        />
      </section>
    </div>
  );
}

/** A card per page: its title as a link and its one-line summary. */
function PageCards({ ids }: { ids: PageId[] }) {
  const { t } = useTranslation("pages");
  const kept = useKeptLanguage();
  return (
    <ul className="card-grid">
      {ids.map((id) => (
        <li key={id} className="card">
          <h3 className="card__title">
            <a href={keepLanguage(pageHref(id), kept)}>{t(`${id}.title`)}</a>
          </h3>
          <p>{t(`${id}.summary`)}</p>
        </li>
      ))}
    </ul>
  );
}
