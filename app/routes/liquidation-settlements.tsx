import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/liquidation-settlements.mdx", { eager: true }));

export const meta = pageMeta("liquidation-settlements");
export const handle = contentHandle(content, "liquidation-settlements");

export default function Page() {
  return <ContentPage id="liquidation-settlements" content={content} components={mdxComponents} />;
}
