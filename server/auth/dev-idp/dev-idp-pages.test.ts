import { describe, expect, it } from "vitest";
import { serverPageHtml } from "../../../app/server-surface";
import { loggedOutPage, loginPage, logoutPage, providerErrorPage } from "./dev-idp-pages";
import { DEMO_ACCOUNTS } from "./demo-accounts";

const html = (page: Parameters<typeof serverPageHtml>[0]) => serverPageHtml(page, { nonce: "n" });

describe("the demo identity provider's pages", () => {
  it("login: labelled fields, no error state, the fictitious accounts in a labelled table, in the server page frame", () => {
    const page = html(loginPage({ lang: "pt", action: "/areaOE/dev-idp/interaction/abc" }));
    expect(page).toContain('<html lang="pt" dir="ltr">');
    expect(page).toContain("<title>Iniciar sessão (demonstração local) – ");
    const form = /<form [^>]*>/.exec(page)?.[0] ?? "";
    for (const attribute of ['method="post"', 'action="/areaOE/dev-idp/interaction/abc"', "noValidate"]) expect(form).toContain(attribute);
    expect(page).toContain('<label class="label" for="nif">');
    expect(page).toContain('<label class="label" for="password">');
    expect(page).not.toContain("aria-invalid");
    expect(page).not.toContain('role="alert"');
    expect(page).toContain('<table aria-labelledby="demo-accounts">');
    for (const account of DEMO_ACCOUNTS) expect(page).toContain(`<td>${account.nif}</td>`);
  });

  it("the accounts in the visitor's language: each name a person's, the same in both; what an account can do in the page's words", () => {
    const table = (lang: "pt" | "en") => /<table[\s\S]*<\/table>/.exec(html(loginPage({ lang, action: "/x" })))?.[0] ?? "";
    for (const account of DEMO_ACCOUNTS) for (const lang of ["pt", "en"] as const) expect(table(lang)).toContain(`<td>${account.name}</td>`);
    // The account without profiles: "no profile" worded by each page (no Portuguese in the English table).
    expect(table("en")).not.toMatch(/[ãçõáéíóú]|Perfis|Perfil|Importação/i);
    expect(table("en")).not.toEqual(table("pt"));
  });

  it("login with wrong credentials: an error summary linked to the field, the field marked invalid, the typed NIF escaped", () => {
    const page = html(loginPage({ lang: "en", action: "/x", nif: '"><script>1</script>', invalid: true }));
    expect(page).toContain("<title>There is a problem: Log in (local demo) – Development identity provider | areaOE</title>");
    expect(page).toMatch(/<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">/);
    expect(page).toContain('<a href="#nif">The tax number or the password is not correct.</a>');
    const nif = /<input [^>]*id="nif"[^>]*>/.exec(page)?.[0] ?? "";
    for (const attribute of ['class="input input--error"', 'aria-describedby="nif-error"', 'aria-invalid="true"', 'value="&quot;&gt;&lt;script&gt;1&lt;/script&gt;"']) {
      expect(nif).toContain(attribute);
    }
    expect(page).not.toContain("<script>");
  });

  it("logout keeps oidc-provider's form as it is; logged-out and error pages say what happened", () => {
    const form = '<form id="op.logoutForm" method="post" action="/areaOE/dev-idp/session/end/confirm"><input type="hidden" name="xsrf" value="t"/></form>';
    const logout = html(logoutPage("en", form));
    expect(logout).toContain(form);
    const confirm = /<button [^>]*>Yes, log out<\/button>/.exec(logout)?.[0] ?? "";
    for (const attribute of ['form="op.logoutForm"', 'name="logout"', 'value="yes"']) expect(confirm).toContain(attribute);
    expect(html(loggedOutPage("pt"))).toContain("<h1>");
    const error = html(providerErrorPage("en", "<bad>", "/areaOE/"));
    expect(error).toContain("(<code>&lt;bad&gt;</code>)");
    expect(error).toContain('<a href="/areaOE/">Back to the homepage</a>');
  });
});
