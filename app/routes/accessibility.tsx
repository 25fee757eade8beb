import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/accessibility.mdx", { eager: true }));

export const meta = pageMeta("accessibility");
export const handle = contentHandle(content, "accessibility");

export default function Page() {
  return <ContentPage id="accessibility" content={content} components={mdxComponents} />;
}
