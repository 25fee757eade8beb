// @vitest-environment jsdom
import { act, useEffect, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { MemoryRouter, useNavigate, type NavigateFunction } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import type { Language } from "~/i18n/languages";
import { readRequestReference, RequestReferenceContext, type RequestReferenceHolder } from "./request-reference";
import { RouteErrorScreen } from "./route-error-screen";

vi.mock("./error-reporting", () => ({ reportError: vi.fn() }));
// hydrateRoot and navigations under act(), as React's test utilities expect.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ID = "b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const QUOTE = { en: "If you contact us about this error, quote this reference:", pt: "Se nos contactar sobre este erro, indique esta referência:" } as const;

let navigate: NavigateFunction | undefined;
function Navigator() {
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  return null;
}

/** The root's error boundary content at `path`, as entry.server and entry.client give it the reference. */
function screenAt(path: string, holder: RequestReferenceHolder | undefined, error: unknown, lang: Language): ReactNode {
  return (
    <RequestReferenceContext value={holder}>
      <MemoryRouter initialEntries={[path]}>
        <Navigator />
        {withI18n(<RouteErrorScreen error={error} notFound={<p>not found</p>} />, lang)}
      </MemoryRouter>
    </RequestReferenceContext>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

describe("the request's reference on the error screen of an unexpected failure", () => {
  for (const lang of ["pt", "en"] as const) {
    it(`is written by the server render with the answer's id (${lang})`, () => {
      const html = renderToString(screenAt("/areaOE/x", { id: ID }, new Error("boom"), lang));
      expect(html).toContain(QUOTE[lang]);
      expect(html).toContain(`<code>${ID}</code>`);
      expect(html).toContain(`data-request-reference="${ID}"`);
    });
  }

  it("is absent when the server gave none (an answer that may be stored, 200)", () => {
    const html = renderToString(screenAt("/areaOE/x", undefined, new Error("boom"), "en"));
    expect(html).not.toContain(QUOTE.en);
    expect(html).not.toContain("<code>");
  });

  it("is read back by the browser before hydrating, hydrates without a mismatch, and goes after a navigation (Retry included)", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(screenAt("/areaOE/x", { id: ID }, new Error("boom"), "en"));
    const holder = readRequestReference(document);
    expect(holder).toEqual({ id: ID });
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, screenAt("/areaOE/x", holder, new Error("boom"), "en"), { onRecoverableError: recoverable });
      await Promise.resolve();
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector("code")?.textContent).toBe(ID);
    expect(container.textContent).toContain(QUOTE.en);
    // Retry runs the same address again (a navigation with replace): the screen now shows another
    // request's failure, whose id the browser does not know.
    act(() => void navigate?.("/areaOE/x", { replace: true }));
    expect(container.querySelector("code")).toBeNull();
    expect(container.textContent).not.toContain(QUOTE.en);
    consoleError.mockRestore();
  });

  it("is not read from a document without one", () => {
    document.body.innerHTML = "<main><p>page</p></main>";
    expect(readRequestReference(document)).toBeUndefined();
  });

  it("is not added by RouteErrorScreen to a thrown 404's screen (the not-found route renders it)", () => {
    // RouteErrorScreen shows its `notFound` (the root passes the not-found route, which renders the
    // reference: app/routes/not-found.test.tsx); it adds nothing of its own there.
    const html = renderToString(screenAt("/areaOE/x", { id: ID }, { status: 404, statusText: "Not Found", internal: false, data: null }, "en"));
    expect(html).toContain("not found");
    expect(html).not.toContain(ID);
  });
});
