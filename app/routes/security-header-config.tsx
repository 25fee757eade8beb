import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/security-header-config.mdx", { eager: true }));

export const meta = pageMeta("security-header-config");
export const handle = contentHandle(content, "security-header-config");

export default function Page() {
  return <ContentPage id="security-header-config" content={content} components={mdxComponents} />;
}
