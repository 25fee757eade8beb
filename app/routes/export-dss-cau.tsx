import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/export-dss-cau.mdx", { eager: true }));

export const meta = pageMeta("export-dss-cau");
export const handle = contentHandle(content, "export-dss-cau");

export default function Page() {
  return <ContentPage id="export-dss-cau" content={content} components={mdxComponents} />;
}
