/**
 * The portal's stylesheet in the page's head. In development Vite serves it: a stylesheet link. In a
 * production build, nothing: the server writes the whole sheet into the head of every page
 * (`inlineStylesheet`, app/render/inline-stylesheet.ts), so the first paint waits for no request and
 * server-rendered widgets are styled without JavaScript. React never renders that element, so the CSS
 * costs no rendering work per request and never travels in a script; React leaves a head `<style>` it
 * did not render in place, also when it re-creates the head.
 */
export function PortalStylesheet({ href }: { href: string }) {
  return import.meta.env.DEV ? <link rel="stylesheet" href={href} precedence="portal" /> : null;
}
