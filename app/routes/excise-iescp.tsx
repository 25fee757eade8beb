import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/excise-iescp.mdx", { eager: true }));

export const meta = pageMeta("excise-iescp");
export const handle = contentHandle(content, "excise-iescp");

export default function Page() {
  return <ContentPage id="excise-iescp" content={content} components={mdxComponents} />;
}
