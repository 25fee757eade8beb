import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";

const content = byLanguage(import.meta.glob("../../content/*/transport-simtem-sea.mdx", { eager: true }));

export const meta = pageMeta("transport-simtem-sea");
export const handle = contentHandle(content, "transport-simtem-sea");

export default function Page() {
  return <ContentPage id="transport-simtem-sea" content={content} components={mdxComponents} />;
}
