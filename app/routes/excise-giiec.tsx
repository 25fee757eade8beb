import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/excise-giiec.mdx", { eager: true }));

export const meta = pageMeta("excise-giiec");
export const handle = contentHandle(content, "excise-giiec");

export default function Page() {
  return <ContentPage id="excise-giiec" content={content} components={mdxComponents} />;
}
