import type { Route } from "./+types/security-header-form";
import { ContentPage } from "~/features/content/content-page";
import { byLanguage, contentHandle } from "~/features/content/content-module";
import { pageMeta } from "~/config/page-meta";
import { useAppConfig } from "~/config/use-root-data";
import { mdxComponents } from "~/mdx/mdx-components";
import { requireCustomsProfile } from "~/features/session/require-customs-profile.server";
import { PermissionDenied } from "~/features/session/permission-denied";
import { SignInDisabledNotice } from "~/features/session/sign-in-disabled-notice";

const content = byLanguage(import.meta.glob("../../content/*/security-header-form.mdx", { eager: true }));

export const meta = pageMeta("security-header-form");
export const handle = contentHandle(content, "security-header-form");

/**
 * Guard (sign-in owner; keep it when replacing the page component): an anonymous visitor is sent to
 * sign in and comes back here; a visitor without any customs profile gets `status: "denied"`.
 * For the form: when `status === "allowed"`, `usernamePrefill` is the visitor's NIF followed by "/"
 * (the Utilizador format is NIF/UserID), ready for the username field; it is null otherwise.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const access = requireCustomsProfile({ request, context });
  return { access, usernamePrefill: access.status === "allowed" ? `${access.user.nif}/` : null };
}

// Personal page (prefilled NIF): never kept by a shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const gueHref = useAppConfig()?.links.gue ?? "/areaOE/";
  if (loaderData.access.status === "denied") return <PermissionDenied gueHref={gueHref} />;
  if (loaderData.access.status === "sign-in-disabled") return <SignInDisabledNotice headingLevel={1} />;
  return <ContentPage id="security-header-form" content={content} components={mdxComponents} />;
}
