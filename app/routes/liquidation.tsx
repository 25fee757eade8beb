import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/liquidation.mdx", { eager: true }));

export const meta = pageMeta("liquidation");
export const handle = contentHandle(content, "liquidation");

export default function Page() {
  return <ContentPage id="liquidation" content={content} components={mdxComponents} />;
}
