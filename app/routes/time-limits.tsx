import { widgetContentPage } from "./widget-content-page";
import { widgetPageLoader } from "./widget-page-loader.server";
import { pageMeta } from "~/config/page-meta";
import { readTimeLimitsPage } from "~/features/time-limits/time-limits-answer.server";
import { TimeLimitsFinder } from "~/features/time-limits/time-limits-finder";
import { DeadlineCalculator } from "~/features/time-limits/deadline-calculator";

export const meta = pageMeta("time-limits");

// A page of text (no script): the list's filter and the calculator are GET forms the server answers
// (`?area=…&quem=…`, `?prazo=…&data=…&hora=…`); the calculator runs only here, on the server.
export const loader = widgetPageLoader("time-limits", (url, portal) => readTimeLimitsPage(url, portal.lang));

export default widgetContentPage<typeof loader>("time-limits", {
  TimeLimitsFinder: ({ data }) => <TimeLimitsFinder filter={data.filter} />,
  DeadlineCalculator: ({ data }) => <DeadlineCalculator calculator={data.calculator} />,
});
