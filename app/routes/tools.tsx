import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/tools.mdx", { eager: true }));

export const meta = pageMeta("tools");
export const handle = contentHandle(content, "tools");

export default function Page() {
  return <ContentPage id="tools" content={content} components={mdxComponents} />;
}
