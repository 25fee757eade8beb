/**
 * The portal's Content-Security-Policy allows stylesheets from 'self' only. Some libraries (sonner,
 * react-remove-scroll) inject their CSS by appending an empty <style> to <head> and then filling it:
 * the browser blocks it and logs a CSP error. This guard keeps such empty, nonce-less <style> elements
 * out of the document (they would be blocked anyway); sonner's CSS is loaded as a real stylesheet
 * instead (toaster.tsx). Installed once, in the browser only.
 */
const GUARD = Symbol.for("areaoe.inlineStyleGuard");

export function installInlineStyleGuard(doc: Document | undefined = typeof document === "undefined" ? undefined : document) {
  const head = doc?.head as (HTMLHeadElement & { [GUARD]?: true }) | undefined;
  if (!head || head[GUARD]) return;
  const append = head.appendChild.bind(head);
  head.appendChild = function appendChild<T extends Node>(node: T): T {
    if (node instanceof HTMLStyleElement && !node.nonce && !node.textContent) return node;
    return append(node);
  };
  head[GUARD] = true;
}

installInlineStyleGuard();
