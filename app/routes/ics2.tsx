import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/ics2.mdx", { eager: true }));

export const meta = pageMeta("ics2");
export const handle = contentHandle(content, "ics2");

export default function Page() {
  return <ContentPage id="ics2" content={content} components={mdxComponents} />;
}
