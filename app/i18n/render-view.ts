import type { i18n as I18n } from "i18next";

/** The interface react-i18next's useTranslation reports each used namespace to. */
export class UsedNamespaces {
  private readonly used = new Set<string>();
  addUsedNamespaces(namespaces: readonly string[]): void {
    for (const namespace of namespaces) this.used.add(namespace);
  }
  getUsedNamespaces(): string[] {
    return [...this.used];
  }
}

export type RenderView = I18n & { reportNamespaces: UsedNamespaces };

/**
 * A per-render view of a long-lived i18n instance: every property and method comes from the instance
 * through the prototype, and the view's only own property records the namespaces this render used.
 *
 * Why: react-i18next's useTranslation copies every own property of the instance it gets from the
 * provider (createI18nWrapper) once per component; an i18next instance has dozens, a view has one.
 * That copy was about a third of a content page's server render. Texts, plural rules and formatters
 * are built once per language at start instead of per request.
 *
 * Invariant: nothing may change a view's language (changeLanguage writes onto `this`); the language
 * of a render is fixed, and the browser changes it on the instance itself (see client-i18n.ts).
 */
export function renderView(instance: I18n): RenderView {
  const view = Object.create(instance) as RenderView;
  Object.defineProperty(view, "reportNamespaces", { value: new UsedNamespaces(), enumerable: true });
  return view;
}

/** The namespaces a render used so far (empty for an instance that is not a view). */
export function usedNamespaces(i18n: I18n): string[] {
  const reporter = (i18n as Partial<RenderView>).reportNamespaces;
  return reporter instanceof UsedNamespaces ? reporter.getUsedNamespaces() : [];
}
