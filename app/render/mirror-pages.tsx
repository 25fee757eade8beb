import { DOWNLOADS } from "virtual:areaoe-downloads";
import { BASE_URL } from "~/config/paths";
import { pageHref, type PageId } from "~/config/site-map";
import type { Language } from "~/i18n/languages";
import { serverT } from "~/i18n/server-texts";
import { ServerPage, serverPageHtml, type ServerPageStyles } from "./server-page";

/** The command-line tool's download (scripts/build/downloads/downloads.ts): what builds a header with no portal. */
const CLI_DOWNLOAD = "web-services-security-header-cli";

/** Seconds the mirror asks a visitor (or a script) to wait before trying a tool page again. */
export const MIRROR_RETRY_AFTER_SECONDS = 300;

/**
 * A tool page as the static mirror answers it (deploy/nginx/, `503` with Retry-After) while no portal
 * instance answers: the tool is unavailable for now, and what works without the portal is linked (the
 * command-line tool and its download, the samples, the test vectors: files and pages of text the mirror
 * has). No script: the mirror has no service behind it.
 */
export function MirrorToolPage({ lang, pageId }: { lang: Language; pageId: PageId }) {
  const t = serverT(lang, "common", "mirror");
  const title = serverT(lang, "pages")(`${pageId}.title`);
  const cli = DOWNLOADS.find((download) => download.id === CLI_DOWNLOAD);
  const heading = t("unavailableTitle", { title });
  return (
    <ServerPage lang={lang} title={heading}>
      <h1>{heading}</h1>
      <p>{t("unavailableMessage")}</p>
      <h2>{t("offlineHeading")}</h2>
      <ul>
        {cli ? (
          <li>
            {t("cli")}{" "}
            <a href={cli.href} download={cli.fileName.slice(cli.fileName.lastIndexOf("/") + 1)}>
              {t("cliDownload", { file: cli.fileName })}
            </a>{" "}
            ({t("cliDigest")} <code>{cli.sha256}</code>). <a href={pageHref("tools")}>{t("cliGuide")}</a>
          </li>
        ) : null}
        <li>
          <a href={pageHref("security-header-samples")}>{t("samples")}</a>
        </li>
        <li>
          <a href={pageHref("security-header-vectors")}>{t("vectors")}</a>
        </li>
      </ul>
      <p>
        <a href={pageHref(pageId)}>{t("retry")}</a> · <a href={BASE_URL}>{t("home")}</a>
      </p>
    </ServerPage>
  );
}

/** An address the mirror does not have (`404`): the mirror says what it is, and links home. */
export function MirrorNotFoundPage({ lang }: { lang: Language }) {
  const t = serverT(lang, "common", "mirror");
  return (
    <ServerPage lang={lang} title={t("notFoundTitle")}>
      <h1>{t("notFoundTitle")}</h1>
      <p>{t("notFoundMessage")}</p>
      <p>
        <a href={BASE_URL}>{t("home")}</a>
      </p>
    </ServerPage>
  );
}

/** The mirror's own pages as documents, with the portal's stylesheet inline (allowed by its CSP hash). */
export function mirrorPageHtml(page: { kind: "tool"; lang: Language; pageId: PageId } | { kind: "not-found"; lang: Language }, styles: ServerPageStyles): string {
  return serverPageHtml(page.kind === "tool" ? <MirrorToolPage lang={page.lang} pageId={page.pageId} /> : <MirrorNotFoundPage lang={page.lang} />, styles);
}
