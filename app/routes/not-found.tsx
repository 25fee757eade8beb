import { data } from "react-router";
import { BASE_URL } from "~/config/paths";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/config/page-meta";
import { RequestReference } from "~/features/errors/request-reference";

// Any path under /areaOE that is not a page: the unavailable screen, with status 404, and the answer's
// request id to quote (app/features/errors/request-reference.tsx).
export function loader() {
  return data(null, { status: 404 });
}

export const meta = pageMeta("not-found");

export default function NotFound() {
  const { t } = useTranslation("common");
  return (
    <div className="unavailable">
      <h1>{t("unavailable.title")}</h1>
      <p className="lead">{t("unavailable.message")}</p>
      <RequestReference />
      <p>
        <a href={BASE_URL} className="button">
          {t("actions.backToHome")}
        </a>
      </p>
    </div>
  );
}
