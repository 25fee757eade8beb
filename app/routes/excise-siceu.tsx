import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/excise-siceu.mdx", { eager: true }));

export const meta = pageMeta("excise-siceu");
export const handle = contentHandle(content, "excise-siceu");

export default function Page() {
  return <ContentPage id="excise-siceu" content={content} components={mdxComponents} />;
}
