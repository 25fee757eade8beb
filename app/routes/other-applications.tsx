import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/other-applications.mdx", { eager: true }));

export const meta = pageMeta("other-applications");
export const handle = contentHandle(content, "other-applications");

export default function Page() {
  return <ContentPage id="other-applications" content={content} components={mdxComponents} />;
}
