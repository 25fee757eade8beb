import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/testing-manual.mdx", { eager: true }));

export const meta = pageMeta("testing-manual");
export const handle = contentHandle(content, "testing-manual");

export default function Page() {
  return <ContentPage id="testing-manual" content={content} components={mdxComponents} />;
}
