import { createSmallT, type Bundle, type SmallT } from "./small-t";
import { loadLocale } from "./locale-modules";
import type { I18nBootstrap } from "./i18n-bootstrap";
import { setDefaultTextSource, type TextSource } from "./texts-context";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_QUERY, type Language } from "./languages";

/**
 * The browser's texts: the namespaces of the page's language that the server render
 * used (the bootstrap names them; their chunks are preloaded), loaded before hydration, read through
 * the small `t` (small-t.ts). A namespace a later page needs loads when that page is first shown (its
 * components suspend meanwhile); a language switch loads that language's namespaces first. No fallback
 * language: every key exists in both languages (app/i18n/resources.test.ts).
 */
export class ClientTexts implements TextSource {
  private current: string;
  private readonly bundles = new Map<string, Bundle>();
  /** Other languages' names only (common:language.*), for the switcher; never counts as loaded. */
  private readonly partial = new Map<string, Bundle>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly loadingSets = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<string, SmallT>();
  private changes = 0;

  constructor(
    lang: string,
    private readonly load: (lang: string, namespace: string) => Promise<Bundle> = loadLocale,
  ) {
    this.current = lang;
  }

  get language(): string {
    return this.current;
  }

  /** Loads the bootstrap's namespaces and keeps the other languages' names. */
  async start(bootstrap: I18nBootstrap): Promise<void> {
    for (const [lang, language] of Object.entries(bootstrap.languageNames)) {
      if (lang !== this.current) this.partial.set(lang, { language });
    }
    await this.ensure(this.current, bootstrap.namespaces);
  }

  /** One promise per set of namespaces while they load (React's `use` needs the same promise again). */
  private ensure(lang: string, namespaces: readonly string[]): Promise<unknown> {
    if (namespaces.length === 1 && namespaces[0] !== undefined) return this.loadOne(lang, namespaces[0]);
    const id = `${lang}/${[...namespaces].sort().join(",")}`;
    let promise = this.loadingSets.get(id);
    if (!promise) {
      promise = Promise.all(namespaces.map((namespace) => this.loadOne(lang, namespace))).finally(() => this.loadingSets.delete(id));
      this.loadingSets.set(id, promise);
    }
    return promise;
  }

  private loadOne(lang: string, namespace: string): Promise<void> {
    const id = `${lang}/${namespace}`;
    let promise = this.loading.get(id);
    if (!promise) {
      promise = this.load(lang, namespace).then(
        (bundle) => {
          this.bundles.set(id, bundle);
          this.changed();
        },
        (error: unknown) => {
          // A failed chunk may be asked for again (a later render or the error screen's Retry).
          this.loading.delete(id);
          throw error;
        },
      );
      this.loading.set(id, promise);
    }
    return promise;
  }

  pending(lng: string, namespaces: readonly string[]): Promise<unknown> | undefined {
    const missing = namespaces.filter((namespace) => !this.bundles.has(`${lng}/${namespace}`));
    return missing.length === 0 ? undefined : this.ensure(lng, missing);
  }

  getFixedT(lng: string, ns: string, keyPrefix?: string): SmallT {
    const id = `${lng}\u0000${ns}\u0000${keyPrefix ?? ""}`;
    let t = this.fixed.get(id);
    if (!t) {
      t = createSmallT(lng, ns, (lang, namespace) => this.bundle(lang, namespace), keyPrefix);
      this.fixed.set(id, t);
    }
    return t;
  }

  /** One namespace's texts, if loaded (the other languages' names count for `common`). */
  bundle(lang: string, namespace: string): Bundle | undefined {
    return this.bundles.get(`${lang}/${namespace}`) ?? (namespace === "common" ? this.partial.get(lang) : undefined);
  }

  /**
   * Switches to another language (a language link followed without reloading): every namespace shown
   * so far is loaded in that language first, then every component re-renders.
   */
  async changeLanguage(lang: string): Promise<void> {
    if (lang === this.current) return;
    const shown = new Set([...this.bundles.keys()].filter((id) => id.startsWith(`${this.current}/`)).map((id) => id.slice(this.current.length + 1)));
    await this.ensure(lang, [...shown]);
    this.current = lang;
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  version = (): number => this.changes;

  private changed(): void {
    this.changes += 1;
    for (const listener of this.listeners) listener();
  }
}

let clientTexts: ClientTexts | undefined;

/** The browser's one store (entry.client.tsx creates it before hydrating). */
export function startClientTexts(lang: string, bootstrap: I18nBootstrap): { texts: ClientTexts; ready: Promise<void> } {
  const texts = new ClientTexts(lang);
  clientTexts = texts;
  setDefaultTextSource(texts);
  return { texts, ready: texts.start(bootstrap) };
}

export function currentClientTexts(): ClientTexts | undefined {
  return clientTexts;
}

/**
 * The language of a page the browser loads itself (a client loader, outside React, where
 * `useLanguage()` cannot be called): an explicit `?lang=` of its address, as the server reads it first,
 * else the language of the browser's texts, the same source `useLanguage()` reads. (Here, beside the
 * texts: this module is in every page's first-load chunk, so the loaders that read it cost no request.)
 */
export function navigationLanguage(url: URL): Language {
  const asked = url.searchParams.get(LANGUAGE_QUERY);
  if (isLanguage(asked)) return asked;
  const current = clientTexts?.language;
  return isLanguage(current) ? current : DEFAULT_LANGUAGE;
}

/** Switches the browser's language (root.tsx, after a language link); nothing to do on the server. */
export async function switchClientLanguage(lang: string): Promise<void> {
  await clientTexts?.changeLanguage(lang);
}
