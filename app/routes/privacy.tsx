import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/privacy.mdx", { eager: true }));

export const meta = pageMeta("privacy");
export const handle = contentHandle(content, "privacy");

export default function Page() {
  return <ContentPage id="privacy" content={content} components={mdxComponents} />;
}
