import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/excise-sicex.mdx", { eager: true }));

export const meta = pageMeta("excise-sicex");
export const handle = contentHandle(content, "excise-sicex");

export default function Page() {
  return <ContentPage id="excise-sicex" content={content} components={mdxComponents} />;
}
