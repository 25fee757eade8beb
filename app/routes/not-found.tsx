import { data, Link } from "react-router";
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
        <Link to="/" className="button">
          {t("actions.backToHome")}
        </Link>
      </p>
    </div>
  );
}
