import { createContext, useContext, type ReactNode } from "react";

/** What the server entry knows while rendering a page: the CSS of each built stylesheet, and the nonce. */
export interface InlineStylesheets {
  /** The text of a built stylesheet by its URL (`/areaOE/assets/portal-….css`), or undefined. */
  css: (href: string) => string | undefined;
  nonce: string;
}

const InlineStylesheetsContext = createContext<InlineStylesheets | undefined>(undefined);

export function InlineStylesheetsProvider({ value, children }: { value: InlineStylesheets; children: ReactNode }) {
  return <InlineStylesheetsContext.Provider value={value}>{children}</InlineStylesheetsContext.Provider>;
}

/**
 * The portal's stylesheet as a React style resource (`<style href precedence>`): in a production
 * build the server writes the CSS into the page's head, so the first paint waits for no stylesheet
 * request; the browser's React finds that `<style>` by its href and keeps it, so the CSS never
 * travels in JavaScript and client navigations reuse it. In development (Vite serves the CSS) it is
 * a plain stylesheet link.
 */
export function PortalStylesheet({ href }: { href: string }) {
  const inline = useContext(InlineStylesheetsContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} precedence="portal" />;
  if (!inline) return <style href={href} precedence="portal" />;
  const css = inline.css(href);
  if (css === undefined) throw new Error(`The stylesheet ${href} is not in the client build: the server and client builds differ.`);
  return (
    <style href={href} precedence="portal" nonce={inline.nonce}>
      {css}
    </style>
  );
}
