// @vitest-environment jsdom
import type { ReactNode } from "react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SessionStatus } from "./session-status";
import { SignInRequired } from "./sign-in-required";
import { afterEach, describe, expect, it } from "vitest";
import { withI18n } from "~/components/ui/test-i18n";
import { LoginState } from "./login-state";
import { PermissionDenied } from "./permission-denied";
import { ProfilesTable } from "./profiles-table";

afterEach(cleanup);

const GUE = "https://gue.example.org/";
const inApp = (node: ReactNode, lang: "pt" | "en" = "en") => render(<MemoryRouter>{withI18n(node, lang)}</MemoryRouter>);

describe("PermissionDenied", () => {
  it("shows the SPEC texts and the way to apply for permissions, in both languages", () => {
    inApp(<PermissionDenied gueHref={GUE} />);
    expect(screen.getByRole("heading", { level: 1, name: "Attention!" })).toBeTruthy();
    expect(screen.getByText("You do not have permissions to access this operation!")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Apply for the necessary permissions/ }).getAttribute("href")).toBe(GUE);
    cleanup();
    inApp(<PermissionDenied gueHref={GUE} />, "pt");
    expect(screen.getByRole("heading", { level: 1, name: "Atenção!" })).toBeTruthy();
    expect(screen.getByText("Não tem permissões para aceder a esta operação!")).toBeTruthy();
  });
});

describe("LoginState", () => {
  it("signed in: the name and NIF, and a POST form to stop acting as that person", () => {
    inApp(<LoginState user={{ nif: "555555550", name: "Ana" }} signInEnabled returnTo="/areaOE/public/primeirosPassos" gueHref={GUE} />);
    expect(screen.getByText("You are logged in to the finance portal as Ana (NIF 555555550).")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Stop acting as Ana" });
    const form = button.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/areaOE/auth/sign-out");
    expect((form?.querySelector('input[name="returnTo"]') as HTMLInputElement).value).toBe("/areaOE/public/primeirosPassos");
  });

  it("signed out: the guidance, a sign-in link back to this page and the GUE link", () => {
    inApp(<LoginState user={null} signInEnabled returnTo="/areaOE/public/primeirosPassos" gueHref={GUE} />);
    expect(screen.getByRole("heading", { name: "You are not logged in" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Log in to the finance portal" }).getAttribute("href")).toBe(
      "/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fpublic%2FprimeirosPassos",
    );
    expect(screen.getByRole("link", { name: /Apply for accreditation in GUE/ }).getAttribute("href")).toBe(GUE);
  });

  it("with the demo provider: the sign-in button says it leads there, not to the finance portal (en, pt)", () => {
    inApp(<LoginState user={null} signInEnabled demo returnTo="/areaOE/public/primeirosPassos" gueHref={GUE} />);
    expect(screen.getByRole("link", { name: "Log in at the demo identity provider (fictitious accounts)" }).getAttribute("href")).toBe(
      "/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fpublic%2FprimeirosPassos",
    );
    expect(screen.queryByRole("link", { name: "Log in to the finance portal" })).toBeNull();
    cleanup();
    inApp(<LoginState user={null} signInEnabled demo returnTo="/areaOE/" gueHref={GUE} />, "pt");
    expect(screen.getByRole("link", { name: "Iniciar sessão no fornecedor de identidade de demonstração (contas fictícias)" })).toBeTruthy();
  });

  it("sign-in not configured: says so and offers no sign-in link", () => {
    inApp(<LoginState user={null} signInEnabled={false} returnTo="/areaOE/" gueHref={GUE} />);
    expect(screen.getByRole("heading", { name: "Sign-in is not available" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Log in to the finance portal" })).toBeNull();
  });
});

describe("SessionStatus (the header)", () => {
  const onPage = (node: ReactNode, path: string, lang: "pt" | "en" = "en") =>
    render(<MemoryRouter initialEntries={[path]}>{withI18n(node, lang)}</MemoryRouter>);

  it("signed in: the visitor's name and a POST sign-out form that comes back to this page", () => {
    onPage(<SessionStatus user={{ name: "Ana Demo" }} signInEnabled />, "/public/iecs?lang=en");
    expect(screen.getByTestId("session-status")).toHaveTextContent("Logged in as Ana Demo");
    const form = screen.getByRole("button", { name: "Log out" }).closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/areaOE/auth/sign-out");
    expect((form?.querySelector('input[name="returnTo"]') as HTMLInputElement).value).toBe("/areaOE/public/iecs?lang=en");
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
  });

  it("signed out: a sign-in link that comes back to this page (pt)", () => {
    onPage(<SessionStatus user={null} signInEnabled />, "/public/transito", "pt");
    expect(screen.getByRole("link", { name: "Iniciar sessão" }).getAttribute("href")).toBe(
      "/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fpublic%2Ftransito",
    );
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("with the demo provider: the sign-in link says so (pt, en)", () => {
    onPage(<SessionStatus user={null} signInEnabled demo />, "/public/transito", "pt");
    expect(screen.getByRole("link", { name: "Iniciar sessão (demonstração)" }).getAttribute("href")).toBe(
      "/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fpublic%2Ftransito",
    );
    cleanup();
    onPage(<SessionStatus user={null} signInEnabled demo />, "/public/transito", "en");
    expect(screen.getByRole("link", { name: "Log in (demo)" })).toBeTruthy();
  });

  it("sign-in not configured: nothing", () => {
    onPage(<SessionStatus user={null} signInEnabled={false} />, "/");
    expect(screen.queryByTestId("session-status")).toBeNull();
  });
});

describe("SignInRequired", () => {
  it("says why the form needs the finance-portal credentials, then offers sign-in and the guides", () => {
    inApp(<SignInRequired signInHref="/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fx" overviewHref="/areaOE/public/a" configHref="/areaOE/public/b" />, "pt");
    const section = screen.getByTestId("sign-in-required");
    expect(within(section).getByRole("heading", { name: "Inicie sessão para gerar o cabeçalho" })).toBeTruthy();
    expect(section).toHaveTextContent("precisa das suas credenciais do Portal das Finanças");
    expect(section).toHaveTextContent("leva o utilizador (NIF/UserID) e a senha");
    expect(within(section).getByRole("link", { name: "Iniciar sessão no Portal das Finanças" }).getAttribute("href")).toBe(
      "/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fx",
    );
    expect(within(section).getByRole("link", { name: "Cabeçalho de segurança" }).getAttribute("href")).toMatch(/\/public\/a$/);
    expect(within(section).getByRole("link", { name: "Configurar o cabeçalho de segurança" }).getAttribute("href")).toMatch(/\/public\/b$/);
  });

  it("with the demo provider: the sign-in button says it leads there (en)", () => {
    inApp(<SignInRequired signInHref="/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fx" overviewHref="/areaOE/public/a" configHref="/areaOE/public/b" demo />);
    const section = screen.getByTestId("sign-in-required");
    expect(within(section).getByRole("link", { name: "Log in at the demo identity provider (fictitious accounts)" }).getAttribute("href")).toBe(
      "/areaOE/auth/sign-in?returnTo=%2FareaOE%2Fx",
    );
  });
});

describe("ProfilesTable", () => {
  it("lists role and description, or 'No profile'", () => {
    inApp(<ProfilesTable name="Bruno" roles={["ROLE_DUI", "ROLE_SDS"]} />);
    const table = screen.getByRole("table", { name: "Customs profiles of Bruno" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByText("Electronic import declaration")).toBeTruthy();
    cleanup();
    inApp(<ProfilesTable name="Carla" roles={[]} />);
    expect(screen.getByText("No profile")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
