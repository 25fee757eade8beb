import { DOWNLOADS } from "virtual:areaoe-downloads";
import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { registry } from "./registry";
import { formatDownloadSize } from "./with-downloads";

/**
 * `<Download id="web-services-security-header-cli" />` in a content file: the link to a file the portal
 * builds, with its size, date and SHA-256, so that a visitor can check the copy they run.
 */
export function Download({ id }: { id: string }) {
  const { t } = useTranslation("documents");
  const lang = useLanguage();
  const download = DOWNLOADS.find((candidate) => candidate.id === id);
  const entry = registry.documents.get(id);
  if (!download || !entry) return null;
  // Files in a sub-folder (samples/…) are saved under their own name: a browser would mangle the slash.
  const savedAs = download.fileName.slice(download.fileName.lastIndexOf("/") + 1);
  return (
    <div className="download-facts" data-testid={`download-${id}`}>
      <p>
        <a href={download.href} download={savedAs}>
          {t("download.link", { file: savedAs })}
        </a>{" "}
        ({formatDownloadSize(download.bytes)}, <time dateTime={download.date}>{download.date}</time>)
      </p>
      <p className="download-facts__title">{entry.title[lang]}</p>
      <p>
        {t("download.sha256")} <code className="download-facts__digest">{download.sha256}</code>
      </p>
    </div>
  );
}
