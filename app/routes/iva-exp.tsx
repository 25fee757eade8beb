import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/iva-exp.mdx", { eager: true }));

export const meta = pageMeta("iva-exp");
export const handle = contentHandle(content, "iva-exp");

export default function Page() {
  return <ContentPage id="iva-exp" content={content} components={mdxComponents} />;
}
