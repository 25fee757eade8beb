/**
 * Tool pages as islands (docs/decisions/0019-tool-pages-as-islands.md). A tool page is rendered by React
 * Router on the server like a page of text (loaders, actions, page cache and nonces as before) and ships
 * none of React Router's scripts; each widget on it is an island that the browser hydrates alone, with
 * React and `hydrateRoot`, from its props written into the page as JSON.
 *
 * HOW TO CONVERT A PAGE
 * 1. The widget takes everything through props (JSON values only), never router hooks. Where it used
 *    `Form` → a plain `<form method="post|get">` (it must work without JavaScript, as before);
 *    `useActionData()` → a prop the route passes from `actionData`; `useLoaderData()` → props from
 *    `loaderData`; `useNavigation()` (busy) → local state set in `onSubmit` (the browser loads the answer
 *    page); `useSubmit()` / `useLocation()` / a `clientLoader` → the address bar (`window.location`,
 *    `history.pushState`/`replaceState` and a `popstate` listener) with the same pure functions.
 *    Links: `SmartLink` is a plain `<a>` inside an island (app/components/ui/link/smart-link.tsx); never
 *    import `react-router` in a widget (the build fails: vite.config.ts, `islandsWithoutRouter`).
 * 2. Add the island's module, `app/islands/<name>.island.tsx`, whose default export is the widget
 *    (`export default MyWidget;`), and its line in ./island-names.ts (name → that file).
 * 3. In the route, render the widget through the wrapper:
 *      <Island name="<name>" component={MyWidget} props={{ ... }} />
 *    (inside MDX content too: a component of `components` that returns the wrapper).
 * 4. In app/config/site-map.ts, replace the page's `hydrates: true` with `islands: true`: the root then
 *    renders no `<Scripts/>`, the header's search becomes an island too, and the server adds the islands'
 *    manifest and loader (./island-head.ts) to a page whose HTML holds an island other than the
 *    header's search.
 * 5. Test: the unit test of ./island.test.tsx shows how to check the server markup; e2e/islands.spec.ts
 *    covers each island with and without JavaScript, both languages, 390 px and a failed chunk + Retry.
 *
 * What the wrapper does on the server: renders the widget in a root of its own (renderToString, given by
 * app/entry.server.tsx through IslandRendererContext) with the identifier prefix `<name>-` (so `useId`
 * gives the same ids in the browser, whose root is the container), inside IslandFrame (the island's
 * texts and its error boundary); records the text namespaces that render used and writes them, the
 * page's language and the props into `<script type="application/json" data-island-data>` right after
 * the container `<div data-island="<name>">`. The runtime (./islands.client.tsx) hydrates each container
 * with the same frame and props; a module that does not arrive shows the SPEC's error screen with Retry
 * in the island's place, and Retry imports it again under a fresh query.
 */
import { createContext, useContext, type ComponentType, type ReactElement } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Bundle } from "~/i18n/small-t";
import type { TextSource } from "~/i18n/texts-context";
import { IslandFrame } from "./island-frame";
import { useKeptLanguage } from "~/components/ui/link/kept-language";
import type { IslandName } from "./island-names";

/** What the server writes after each island's container, and the runtime reads. */
export interface IslandData {
  lang: string;
  /** The namespaces the island's render used (and `errors`, for the error screen), in `lang`. */
  texts: Record<string, Bundle>;
  props: unknown;
  /** The language chosen by the page's address, which the island's links keep (kept-language.ts). */
  kept?: string;
}

/** Renders an element to HTML in a root of its own (the server entry gives react-dom/server's renderToString). */
export type IslandRenderer = (element: ReactElement, identifierPrefix: string) => string;

/** Set by app/entry.server.tsx; absent in the browser (where React Router renders an island page after an error page). */
export const IslandRendererContext = createContext<IslandRenderer | null>(null);

/** The identifier prefix of an island's root, the same on both sides. */
export const islandIdPrefix = (name: IslandName): string => `${name}-`;

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export function islandJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export interface IslandProps<P extends object> {
  name: IslandName;
  /** The widget: the same component as the default export of app/islands/<name>.island.tsx. */
  component: ComponentType<P>;
  /** JSON values only: they travel in the page. */
  props: P;
  /**
   * Namespaces the island needs besides those its server render used (e.g. `pages` for search results
   * worded in the browser through `pageText`).
   */
  namespaces?: readonly string[];
}

/** The server wrapper of an island (see the comment at the top of this file). */
export function Island<P extends object>({ name, component: Component, props, namespaces = [] }: IslandProps<P>) {
  const render = useContext(IslandRendererContext);
  const kept = useKeptLanguage();
  const { i18n } = useTranslation();
  if (!render) {
    // Rendered by React Router in the browser (a client navigation from an error page): a plain widget.
    return (
      <div data-island={name} className="island">
        <IslandFrame texts={i18n} kept={kept}>
          <Component {...props} />
        </IslandFrame>
      </div>
    );
  }
  const lang = i18n.language;
  const used = new Set<string>(["errors", ...namespaces]);
  const tracking: TextSource = {
    language: lang,
    getFixedT: (lng, ns, keyPrefix) => i18n.getFixedT(lng, ns, keyPrefix),
    bundle: (lng, ns) => i18n.bundle(lng, ns),
    reportNamespaces: { addUsedNamespaces: (namespaces) => namespaces.forEach((namespace) => used.add(namespace)) },
  };
  const html = render(
    <IslandFrame texts={tracking} kept={kept}>
      <Component {...props} />
    </IslandFrame>,
    islandIdPrefix(name),
  );
  const texts: Record<string, Bundle> = {};
  for (const namespace of [...used].sort()) texts[namespace] = i18n.bundle(lang, namespace) ?? {};
  const data: IslandData = { lang, texts, props, ...(kept ? { kept } : {}) };
  return (
    <>
      <div data-island={name} className="island" dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" data-island-data={name} dangerouslySetInnerHTML={{ __html: islandJson(data) }} />
    </>
  );
}
