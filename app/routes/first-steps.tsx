import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/first-steps.mdx", { eager: true }));

export const meta = pageMeta("first-steps");
export const handle = contentHandle(content, "first-steps");

export default function Page() {
  return <ContentPage id="first-steps" content={content} components={mdxComponents} />;
}
