import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/transit.mdx", { eager: true }));

export const meta = pageMeta("transit");
export const handle = contentHandle(content, "transit");

export default function Page() {
  return <ContentPage id="transit" content={content} components={mdxComponents} />;
}
