import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/excise-sicrex.mdx", { eager: true }));

export const meta = pageMeta("excise-sicrex");
export const handle = contentHandle(content, "excise-sicrex");

export default function Page() {
  return <ContentPage id="excise-sicrex" content={content} components={mdxComponents} />;
}
