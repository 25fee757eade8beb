import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/vehicle-tax-isv.mdx", { eager: true }));

export const meta = pageMeta("vehicle-tax-isv");
export const handle = contentHandle(content, "vehicle-tax-isv");

export default function Page() {
  return <ContentPage id="vehicle-tax-isv" content={content} components={mdxComponents} />;
}
