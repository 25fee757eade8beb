import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/excise-gaspro.mdx", { eager: true }));

export const meta = pageMeta("excise-gaspro");
export const handle = contentHandle(content, "excise-gaspro");

export default function Page() {
  return <ContentPage id="excise-gaspro" content={content} components={mdxComponents} />;
}
