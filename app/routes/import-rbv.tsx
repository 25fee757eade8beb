import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/import-rbv.mdx", { eager: true }));

export const meta = pageMeta("import-rbv");
export const handle = contentHandle(content, "import-rbv");

export default function Page() {
  return <ContentPage id="import-rbv" content={content} components={mdxComponents} />;
}
