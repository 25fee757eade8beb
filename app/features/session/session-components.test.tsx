// @vitest-environment jsdom
import type { ReactNode } from "react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
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

  it("sign-in not configured: says so and offers no sign-in link", () => {
    inApp(<LoginState user={null} signInEnabled={false} returnTo="/areaOE/" gueHref={GUE} />);
    expect(screen.getByRole("heading", { name: "Sign-in is not available" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Log in to the finance portal" })).toBeNull();
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
