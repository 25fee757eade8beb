import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/export-stada-cau.mdx", { eager: true }));

export const meta = pageMeta("export-stada-cau");
export const handle = contentHandle(content, "export-stada-cau");

export default function Page() {
  return <ContentPage id="export-stada-cau" content={content} components={mdxComponents} />;
}
