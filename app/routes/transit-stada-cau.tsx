import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/transit-stada-cau.mdx", { eager: true }));

export const meta = pageMeta("transit-stada-cau");
export const handle = contentHandle(content, "transit-stada-cau");

export default function Page() {
  return <ContentPage id="transit-stada-cau" content={content} components={mdxComponents} />;
}
