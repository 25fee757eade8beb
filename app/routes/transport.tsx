import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/transport.mdx", { eager: true }));

export const meta = pageMeta("transport");
export const handle = contentHandle(content, "transport");

export default function Page() {
  return <ContentPage id="transport" content={content} components={mdxComponents} />;
}
