import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/security-header-form.mdx", { eager: true }));

export const meta = pageMeta("security-header-form");
export const handle = contentHandle(content, "security-header-form");

export default function Page() {
  return <ContentPage id="security-header-form" content={content} components={mdxComponents} />;
}
