// @vitest-environment jsdom
import { execFileSync } from "node:child_process";
import { createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import { Toaster } from "~/components/ui/toast/toaster";
import type { AuthorityEnvironment } from "./authority-environment";
import { SecurityHeaderForm } from "./security-header-form";

// A real certificate (openssl, 2048 bits to stay fast): the form runs the real library on it.
let dir: string;
let environment: AuthorityEnvironment;
const PASSWORD = "s3gredo-Único";

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "areaoe-form-"));
  const key = path.join(dir, "key.pem");
  const certificate = path.join(dir, "cert.pem");
  execFileSync("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key], { stdio: "ignore" });
  execFileSync("openssl", ["req", "-x509", "-new", "-key", key, "-out", certificate, "-days", "365", "-subj", "/CN=Form test authority"], {
    stdio: "ignore",
  });
  environment = {
    id: "test",
    publicKey: createPublicKey(readFileSync(certificate, "utf8")).export({ format: "jwk" }) as AuthorityEnvironment["publicKey"],
    localTest: true,
    keySizeBits: 2048,
    certificate: { subject: "CN=Form test authority", notAfter: "2030-01-01T00:00:00.000Z", sha256Fingerprint: "AA:BB" },
    warnings: ["LOCAL_TEST_KEY"],
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The portal's clock (GET /areaOE/api/time), `serverAheadMs` ahead of this device's.
let serverAheadMs = 0;
beforeEach(() => {
  serverAheadMs = 0;
  vi.stubGlobal("fetch", async (url: string) => {
    expect(url).toBe("/areaOE/api/time");
    return new Response(JSON.stringify({ now: Date.now() + serverAheadMs }), { headers: { "Content-Type": "application/json" } });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderForm(lang: "en" | "pt" = "en", usernamePrefill: string | null = "555555550/", environments = [environment]) {
  const user = userEvent.setup();
  render(
    withI18n(
      <>
        <SecurityHeaderForm usernamePrefill={usernamePrefill} environments={environments} overviewHref="/areaOE/o" configHref="/areaOE/c" checkerHref="/areaOE/check" />
        <Toaster />
      </>,
      lang,
    ),
  );
  const username = screen.getByRole("textbox", { name: lang === "en" ? /Username \(NIF\/UserID\)/ : /Utilizador \(NIF\/UserID\)/ });
  const password = screen.getByLabelText(lang === "en" ? /^Password/ : /^Senha/);
  const generate = screen.getByRole("button", { name: lang === "en" ? "Generate header" : "Gerar cabeçalho" });
  return { user, username, password, generate };
}

async function generateValid(form: ReturnType<typeof renderForm>, username = "555555550/1") {
  await form.user.clear(form.username);
  await form.user.type(form.username, username);
  await form.user.type(form.password, PASSWORD);
  await form.user.click(form.generate);
  return screen.findByRole("heading", { name: "Your security header" });
}

describe("<SecurityHeaderForm>", () => {
  it("prefills the username with the visitor's NIF and a slash, and says plainly the local test key is local-only", () => {
    const { username } = renderForm();
    expect(username).toHaveValue("555555550/");
    expect(screen.getByText(/Headers made with it are for local testing only: the authority will not accept them\./)).toBeInTheDocument();
  });

  it("says 'Mandatory' on empty fields, with the summary that links to them and takes focus", async () => {
    const form = renderForm("en", null);
    await form.user.click(form.generate);
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("Please, correct the errors in the fields.");
    expect(summary).toHaveFocus();
    // Each entry of the error summary names its field: 'Username (NIF/UserID): Mandatory'.
    const links = within(summary).getAllByRole("link", { name: /: Mandatory$/ });
    expect(links.map((link) => link.textContent)).toEqual(["Username (NIF/UserID): Mandatory", "Password: Mandatory"]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["#security-header-username", "#security-header-password"]);
    expect(form.username).toHaveAttribute("aria-invalid", "true");
    expect(form.password).toHaveAccessibleDescription(/Error: Mandatory/);
    await form.user.click(links[1] as HTMLElement);
    expect(form.password).toHaveFocus();
  });

  it("says 'Obrigatório' in Portuguese", async () => {
    const form = renderForm("pt", null);
    await form.user.click(form.generate);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Por favor, corrija os erros nos campos\./);
    expect(within(screen.getByRole("alert")).getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Utilizador (NIF/UserID): Obrigatório",
      "Senha: Obrigatório",
    ]);
  });

  it.each([
    ["12345678/1", "The NIF before the slash must have exactly 9 digits"],
    ["555555550", "Enter a slash between the NIF and the user number, for example 123456789/1"],
    ["555555550/", "Enter the user number after the slash, for example 123456789/1"],
    ["555555550/a", "The user number after the slash must have digits only"],
    ["555555550/1/2", "Enter the username as NIF/UserID, for example 123456789/1"],
  ])("refuses the username %s with a specific message (library code INVALID_USERNAME)", async (value, message) => {
    const form = renderForm();
    await form.user.clear(form.username);
    await form.user.type(form.username, value);
    await form.user.type(form.password, PASSWORD);
    await form.user.click(form.generate);
    const summary = await screen.findByRole("alert");
    expect(within(summary).getByRole("link", { name: `Username (NIF/UserID): ${message}` })).toHaveAttribute("href", "#security-header-username");
    expect(screen.queryByRole("heading", { name: "Your security header" })).not.toBeInTheDocument();
  });

  it("warns (not an error) when the NIF fails the check digit, and still makes the header", async () => {
    const form = renderForm();
    await generateValid(form, "555555555/1");
    expect(screen.getByText("Check your NIF")).toBeInTheDocument();
    expect(screen.getByText(/The NIF 555555555 does not pass the check-digit test/)).toBeInTheDocument();
    expect(screen.queryByText("Please, correct the errors in the fields.")).not.toBeInTheDocument();
    expect((screen.getByRole("textbox", { name: /Security header/ }) as HTMLTextAreaElement).value).toContain(
      "<wss:Username>555555555/1</wss:Username>",
    );
  });

  it("shows the header read-only, without the password, and copies it with a toast", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const form = renderForm();
    // After userEvent.setup(), which installs its own clipboard.
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const heading = await generateValid(form);
    await vi.waitFor(() => expect(heading).toHaveFocus());
    const result = screen.getByRole("textbox", { name: "Security header (read only)" });
    expect(result).toHaveAttribute("readonly");
    const text = (result as HTMLTextAreaElement).value;
    expect(text).toMatch(/^<wss:Security xmlns:wss="http:\/\/schemas.xmlsoap.org\/ws\/2002\/12\/secext">/);
    expect(text).not.toContain(PASSWORD);
    expect(document.body.innerHTML).not.toContain(PASSWORD);
    expect(screen.queryByText("Check your NIF")).not.toBeInTheDocument();
    await form.user.click(screen.getByRole("button", { name: "Copy header" }));
    expect(writeText).toHaveBeenCalledWith(text);
    expect(await screen.findByText("Header copied to the clipboard.")).toBeInTheDocument();
  });

  it("without a clipboard, selects the text and says how to copy it", async () => {
    const form = renderForm();
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
    await generateValid(form);
    await form.user.click(screen.getByRole("button", { name: "Copy header" }));
    expect(await screen.findByText("The header could not be copied automatically.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Security header (read only)" })).toHaveFocus();
  });

  it("wraps in a SOAP envelope; the default form has a Digest and Created in clear", async () => {
    const form = renderForm();
    expect(screen.getByRole("radio", { name: "With Digest (the authority's sample)" })).toBeChecked();
    await form.user.click(screen.getByRole("checkbox", { name: "Wrap the header in a SOAP envelope" }));
    await generateValid(form);
    const text = (screen.getByRole("textbox", { name: /SOAP envelope with the security header/ }) as HTMLTextAreaElement).value;
    expect(text).toContain("<soapenv:Envelope");
    expect(text).toContain('<wss:Password Digest="');
    expect(text).toMatch(/<wss:Created>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z<\/wss:Created>/);
  });

  it("makes the other form when chosen: no Digest, Created encrypted", async () => {
    const form = renderForm();
    await form.user.click(screen.getByRole("radio", { name: "With encrypted Created" }));
    await generateValid(form);
    const text = (screen.getByRole("textbox", { name: "Security header (read only)" }) as HTMLTextAreaElement).value;
    expect(text).not.toContain("Digest=");
    expect(text).toMatch(/<wss:Created>[A-Za-z0-9+/]+=*<\/wss:Created>/);
  });

  it("takes Created from the portal's clock when the device is off, and says so", async () => {
    serverAheadMs = 73_000;
    const form = renderForm();
    expect(await screen.findByText("Your device clock is 73 seconds behind; the header uses the corrected time.")).toBeInTheDocument();
    const before = Date.now();
    await generateValid(form);
    const text = (screen.getByRole("textbox", { name: "Security header (read only)" }) as HTMLTextAreaElement).value;
    const created = Date.parse(/<wss:Created>([^<]+)<\/wss:Created>/.exec(text)?.[1] ?? "");
    expect(created - before).toBeGreaterThanOrEqual(72_000);
    expect(created - Date.now()).toBeLessThanOrEqual(74_000);
    expect(screen.getByTestId("header-validity")).toHaveTextContent(/Valid for (60|59) more seconds/);
  });

  it("says when the portal's clock cannot be reached, and uses the device's", async () => {
    vi.stubGlobal("fetch", async () => new Response("busy", { status: 503 }));
    renderForm();
    expect(await screen.findByTestId("clock-notice")).toHaveTextContent("The portal's clock could not be reached");
  });

  it("counts the minute down, announces at 30 s, 10 s and expiry only, then offers to generate again", async () => {
    // Only the clock and intervals are fake: promises and user events run normally.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date("2026-03-01T10:00:00.000Z"));
    const form = renderForm();
    await generateValid(form);
    const status = screen.getByTestId("security-header-announcement");
    expect(status).toHaveTextContent("Header generated. It is valid for 1 minute.");
    expect(screen.getByTestId("header-validity")).toHaveTextContent("Valid for 60 more seconds (until 10:01:00 UTC).");
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByTestId("header-validity")).toHaveTextContent("Valid for 45 more seconds");
    expect(status).toHaveTextContent("Header generated. It is valid for 1 minute.");
    act(() => vi.advanceTimersByTime(15_000));
    expect(status).toHaveTextContent("The header is valid for 30 more seconds.");
    act(() => vi.advanceTimersByTime(20_000));
    expect(status).toHaveTextContent("The header is valid for 10 more seconds.");
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.getByTestId("header-validity")).toHaveTextContent("Valid for 1 more second (");
    expect(status).toHaveTextContent("The header is valid for 10 more seconds.");
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId("header-validity")).toHaveTextContent("This header has expired: generate it again.");
    expect(status).toHaveTextContent("This header has expired: generate it again.");
    expect(screen.queryByRole("button", { name: "Copy header" })).not.toBeInTheDocument();
    const before = (screen.getByRole("textbox", { name: /Security header/ }) as HTMLTextAreaElement).value;
    await form.user.click(screen.getByRole("button", { name: "Generate again" }));
    await vi.waitFor(() => expect(screen.getByTestId("header-validity")).toHaveTextContent("Valid for 60 more seconds"));
    expect((screen.getByRole("textbox", { name: /Security header/ }) as HTMLTextAreaElement).value).not.toBe(before);
  });

  it("keeps the password typed when the visitor switches between the authority's two certificates (the same field)", async () => {
    const production: AuthorityEnvironment = { ...environment, id: "production", localTest: false, warnings: [] };
    const test: AuthorityEnvironment = { ...environment, localTest: false, warnings: [] };
    const form = renderForm("en", "555555550/", [test, production]);
    await form.user.clear(form.username);
    await form.user.type(form.username, "555555550/1");
    await form.user.type(form.password, PASSWORD);
    await form.user.click(screen.getByRole("radio", { name: "Production" }));
    // The field still shows what was typed, and the header is made from it (no "Mandatory").
    await form.user.click(form.generate);
    expect(await screen.findByRole("heading", { name: "Your security header" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Password: Mandatory/ })).not.toBeInTheDocument();
  });

  it("makes a header for the sandbox's key with a test password in a field of its own, and offers to check it: a post of the header only", async () => {
    const sandbox: AuthorityEnvironment = { ...environment, id: "sandbox", localTest: false, sandbox: true, warnings: [] };
    const form = renderForm("en", "555555550/", [environment, sandbox]);
    // The local key first: the browser's password field, and "Check this header" names the key it cannot decrypt.
    await generateValid(form);
    const check = screen.getByRole("button", { name: "Check this header" });
    const post = check.closest("form")!;
    expect(post).toHaveAttribute("method", "post");
    expect(post).toHaveAttribute("action", "/areaOE/check");
    const header = (screen.getByRole("textbox", { name: /Security header/ }) as HTMLTextAreaElement).value;
    expect(Object.fromEntries(new FormData(post))).toEqual({ envelope: header, madeFor: "test" });
    expect(check).toHaveAccessibleDescription(/A header made for the Test \(local test key\) environment cannot be decrypted there/);

    // The sandbox: its warning, a text field for a made-up password (never the password field), which starts empty.
    await form.user.click(screen.getByRole("radio", { name: /Portal's sandbox/ }));
    expect(screen.getByText("The sandbox's test key: for the portal's checker only")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    const testPassword = screen.getByRole("textbox", { name: /Test password \(not your real password\)/ });
    expect(testPassword).toHaveAttribute("autocomplete", "off");
    expect(testPassword).toHaveValue("");
    await form.user.click(form.generate);
    expect(await screen.findByRole("link", { name: "Test password (not your real password): Mandatory" })).toBeInTheDocument();
    await form.user.type(testPassword, "made-up");
    await form.user.click(form.generate);
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Check this header" }).closest("form")).toHaveFormValues({ madeFor: "sandbox" }));
    const sandboxPost = screen.getByRole("button", { name: "Check this header" }).closest("form")!;
    expect([...new FormData(sandboxPost).keys()]).toEqual(["envelope", "madeFor"]);
    expect(String(new FormData(sandboxPost).get("envelope"))).not.toContain("made-up");
    expect(screen.getByRole("button", { name: "Check this header" })).toHaveAccessibleDescription(/it decrypts it with the sandbox's key/);
    // The result names its target in words that read for every target (not "for the … environment environment").
    expect(screen.getByRole("textbox", { name: /Security header/ })).toHaveAccessibleDescription(
      "Paste it into the SOAP Header of your request. Made for: Portal's sandbox (current test key), for the header checker.",
    );
  });
});
