import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/transport-simtem-air.mdx", { eager: true }));

export const meta = pageMeta("transport-simtem-air");
export const handle = contentHandle(content, "transport-simtem-air");

export default function Page() {
  return <ContentPage id="transport-simtem-air" content={content} components={mdxComponents} />;
}
