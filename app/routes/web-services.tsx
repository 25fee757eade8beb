import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/web-services.mdx", { eager: true }));

export const meta = pageMeta("web-services");
export const handle = contentHandle(content, "web-services");

export default function Page() {
  return <ContentPage id="web-services" content={content} components={mdxComponents} />;
}
