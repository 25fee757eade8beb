import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/import-dain.mdx", { eager: true }));

export const meta = pageMeta("import-dain");
export const handle = contentHandle(content, "import-dain");

export default function Page() {
  return <ContentPage id="import-dain" content={content} components={mdxComponents} />;
}
