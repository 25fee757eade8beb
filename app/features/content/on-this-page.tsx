import { useTranslation } from "~/i18n/use-translation";

export interface TocEntry {
  depth: number;
  value: string;
  id?: string;
  children?: TocEntry[];
}

/** Sections of a long page (its h2 headings), as in-page links. */
export function OnThisPage({ entries }: { entries: TocEntry[] }) {
  const { t } = useTranslation("content");
  const sections = flatten(entries).filter((entry) => entry.depth === 2 && entry.id);
  if (sections.length < 3) return null;
  return (
    <nav className="on-this-page" aria-labelledby="on-this-page-heading">
      <h2 id="on-this-page-heading">{t("onThisPage")}</h2>
      <ul>
        {sections.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.value}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function flatten(entries: TocEntry[]): TocEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}
