/**
 * Tool pages as islands (docs/decisions/0019, 0020). React Router renders every page on the server only;
 * a tool page ships none of its scripts, and each widget on it is an island that the browser hydrates
 * alone, with React and `hydrateRoot`, from its props written into the page as JSON.
 *
 * HOW TO ADD AN ISLAND (a widget that needs script, on a tool page)
 * 1. The widget takes everything through props (JSON values only), never router hooks: a form is a plain
 *    `<form method="post|get">` answered by the route's loader or action (it must work without
 *    JavaScript); what the route knows (`loaderData`, `actionData`) comes in as props; the address bar
 *    (`window.location`, `history.pushState`, a `popstate` listener) replaces `useLocation`/`useSubmit`;
 *    links are `SmartLink` or `<a>`. Never import `react-router` in a widget (the islands' build fails).
 * 2. Its module, `app/islands/<name>.island.tsx`, default-exports the widget (`export default MyWidget;`).
 *    The file is the island: its name is the file's name, the islands' build takes it as an entry
 *    (vite.config.ts) and the server knows the widget by it (./island-modules.ts). Nothing else lists it.
 * 3. In the route, render the widget through this wrapper:
 *      <Island component={MyWidget} props={{ ... }} />
 *    (inside MDX content too: a component of `components` that returns the wrapper). `when="visible"`
 *    for a widget below the fold: its code loads once the visitor scrolls near it, not with the page.
 * 4. The page's entry in app/config/site-map.ts says `islands: true`: the server then adds the islands'
 *    manifest and loader (./island-head.ts), and the header's search becomes an island too. An `<Island>`
 *    on a page without it fails the render (no renderer below), and a page with it whose module places no
 *    `<Island>` fails app/routes.test.ts.
 * 5. Test: ./island.test.tsx shows how to check the server markup; e2e/islands.spec.ts covers each island
 *    with and without JavaScript, both languages, 390 px and a failed chunk + Retry.
 *
 * What the wrapper does on the server: renders the widget in a root of its own (renderToString, given by
 * app/entry.server.tsx through IslandRendererContext) with an identifier prefix of its own on the page
 * (`<name>-`, then `<name>-2-` for a second island of the same name: `useId` gives the same ids in the
 * browser, whose root is the container, and two islands never share one), inside IslandFrame (the
 * island's texts and its error boundary); records the text namespaces that render used and writes them,
 * the page's language and the props into `<script type="application/json" data-island-data>` right after
 * the container `<div data-island="<name>" data-island-prefix data-island-when>`. The loader
 * (./island-loader.ts) and the runtime (./islands.client.tsx) hydrate each container with the same frame
 * and props; a module that does not arrive shows the SPEC's error screen with Retry in the island's place.
 */
import { createContext, useContext, type ComponentType, type ReactElement } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Bundle } from "~/i18n/small-t";
import type { TextSource } from "~/i18n/texts-context";
import { IslandFrame } from "./island-frame";
import { useKeptLanguage } from "~/components/ui/link/kept-language";
import { islandNameOf } from "./island-modules";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_PREFIX_ATTRIBUTE,
  ISLAND_STRATEGY_ATTRIBUTE,
  islandJson,
  type IslandData,
  type IslandStrategy,
} from "./island-data";

/** Renders an island's element to HTML in a root of its own, with an identifier prefix of its own on the page. */
export type IslandRenderer = (element: ReactElement, name: string) => { html: string; identifierPrefix: string };

/**
 * The renderer of one page: `<name>-` for the first island of a name, `<name>-2-`, `<name>-3-` … for the
 * next ones, so no two islands of a page share React's ids. `renderToString` is react-dom/server's
 * (app/entry.server.tsx gives it; this module stays out of the browser's chunks).
 */
export function createIslandRenderer(renderToString: (element: ReactElement, options: { identifierPrefix: string }) => string): IslandRenderer {
  const seen = new Map<string, number>();
  return (element, name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const identifierPrefix = count === 1 ? `${name}-` : `${name}-${count}-`;
    return { html: renderToString(element, { identifierPrefix }), identifierPrefix };
  };
}

/** Set by app/entry.server.tsx on a page marked `islands: true` in the page manifest, and only there. */
export const IslandRendererContext = createContext<IslandRenderer | null>(null);

export interface IslandProps<P extends object> {
  /** The widget: the default export of its module app/islands/<name>.island.tsx. */
  component: ComponentType<P>;
  /** JSON values only: they travel in the page. */
  props: P;
  /**
   * Namespaces the island needs besides those its server render used (e.g. `pages` for search results
   * worded in the browser through `pageText`).
   */
  namespaces?: readonly string[];
  /** `idle` (the default): once the page has painted, loaded and is idle; `visible`: once scrolled near, for a widget below the fold. */
  when?: IslandStrategy;
}

/** The server wrapper of an island (see the comment at the top of this file). */
export function Island<P extends object>({ component: Component, props, namespaces = [], when = "idle" }: IslandProps<P>) {
  const render = useContext(IslandRendererContext);
  const kept = useKeptLanguage();
  const { i18n } = useTranslation();
  const name = islandNameOf(Component);
  if (!render) {
    throw new Error(`The island ${name} is on a page that is not marked \`islands: true\` in the page manifest (app/config/site-map.ts): it would never hydrate`);
  }
  const lang = i18n.language;
  const used = new Set<string>(["errors", ...namespaces]);
  const tracking: TextSource = {
    language: lang,
    getFixedT: (lng, ns, keyPrefix) => i18n.getFixedT(lng, ns, keyPrefix),
    bundle: (lng, ns) => i18n.bundle(lng, ns),
    reportNamespaces: { addUsedNamespaces: (names) => names.forEach((namespace) => used.add(namespace)) },
  };
  const { html, identifierPrefix } = render(
    <IslandFrame texts={tracking} kept={kept}>
      <Component {...props} />
    </IslandFrame>,
    name,
  );
  const texts: Record<string, Bundle> = {};
  for (const namespace of [...used].sort()) texts[namespace] = i18n.bundle(lang, namespace) ?? {};
  const data: IslandData = { lang, texts, props, ...(kept ? { kept } : {}) };
  const attributes = { [ISLAND_ATTRIBUTE]: name, [ISLAND_PREFIX_ATTRIBUTE]: identifierPrefix, [ISLAND_STRATEGY_ATTRIBUTE]: when };
  return (
    <>
      <div {...attributes} className="island" dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" data-island-data={name} dangerouslySetInnerHTML={{ __html: islandJson(data) }} />
    </>
  );
}
