import { useLoaderData } from "react-router";
import { widgetPageLoader } from "./widget-page-loader.server";
import { pageMeta } from "~/config/page-meta";
import { ContentPage } from "~/features/content/content-page";
import { readTimeLimitsPage } from "~/features/time-limits/time-limits-answer.server";
import { TimeLimitsFinder } from "~/features/time-limits/time-limits-finder";
import { DeadlineCalculator } from "~/features/time-limits/deadline-calculator";
import { answeredSection } from "~/features/time-limits/time-limits-query";
import type { LanguageSwitchHandle } from "~/components/layout/language-switcher";
import { mdxComponents } from "~/mdx/mdx-components";

export const meta = pageMeta("time-limits");
// The language switch opens the other language at the section the address answers (`#calculadora`, `#lista`).
export const handle: LanguageSwitchHandle = { answeredSection };

// A page of text that answers its query on the server only (no client loader, no script): the list's
// filter and the calculator are GET forms (`?area=…&quem=…`, `?prazo=…&data=…&hora=…`) its loader
// answers; the calculator (and the holidays' library) runs only here, on the server.
export const loader = widgetPageLoader((url, portal) => readTimeLimitsPage(url, portal.lang));

function Finder() {
  return <TimeLimitsFinder filter={useLoaderData<typeof loader>().filter} />;
}

function Calculator() {
  return <DeadlineCalculator calculator={useLoaderData<typeof loader>().calculator} />;
}

const components = { ...mdxComponents, TimeLimitsFinder: Finder, DeadlineCalculator: Calculator };

export default function TimeLimitsPage() {
  return <ContentPage id="time-limits" components={components} />;
}
