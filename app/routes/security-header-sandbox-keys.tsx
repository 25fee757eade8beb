import type { Route } from "./+types/security-header-sandbox-keys";
import { ContentPage } from "~/features/content/content-page";
import { pageMeta } from "~/config/page-meta";
import { pageHref } from "~/config/site-map";
import { recordCodes } from "~/config/finding-records";
import { useRootData } from "~/config/use-root-data";
import { isLanguage, LANGUAGE_QUERY } from "~/i18n/languages";
import { mdxComponents } from "~/mdx/mdx-components";
import { signInHref, returnToFromUrl } from "~/features/session/return-to";
import { SandboxKeysManager, type SandboxKeysActionData } from "~/features/security-header/sandbox-keys-manager";
import type { SandboxRequestFilter } from "~/features/security-header/sandbox-api-keys";
import { portalContext } from "~/load-context";

export const meta = pageMeta("security-header-sandbox-keys");

const PAGE = pageHref("security-header-sandbox-keys");

/** The list's key, filter and page from the address (`?key=…&verdict=refused&code=EXPIRED&page=2`); anything else is ignored. */
function listQuery(url: URL): { key: string | null; filter: SandboxRequestFilter; page: number } {
  const verdict = url.searchParams.get("verdict");
  const code = url.searchParams.get("code") ?? "";
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    key: url.searchParams.get("key"),
    filter: {
      ...(verdict === "accepted" || verdict === "refused" ? { verdict } : {}),
      ...(/^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? { code } : {}),
    },
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The visitor's keys (signed in) and the requests of the one chosen; signed out: only why to sign in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const portal = portalContext(context);
  const url = new URL(request.url);
  const keys = portal.sandboxKeys;
  const query = listQuery(url);
  const chosenLanguage = url.searchParams.get(LANGUAGE_QUERY);
  const base = {
    signInEnabled: keys !== undefined,
    signInHref: signInHref(returnToFromUrl(url)),
    facts: keys?.facts ?? { maxKeys: 0, maxNameLength: 0, keyChecksPerMinute: 0, anonymousChecksPerMinute: 0, traceKilobytesPerKey: 0 },
    filter: query.filter,
    keepLanguage: isLanguage(chosenLanguage) ? chosenLanguage : undefined,
  };
  if (!keys || !keys.signedIn) return { ...base, signedIn: false, keys: [], selected: null, requests: null };
  const list = await keys.list();
  const selected = list.find((key) => key.id === query.key)?.id ?? list[0]?.id ?? null;
  const requests = selected ? await keys.requests(selected, query.filter, query.page) : null;
  return { ...base, signedIn: true, keys: list, selected, requests };
}

/** Makes, revokes or sets a key (the form's `intent`); a made key's secret is in this answer only. */
export async function action({ context, request }: Route.ActionArgs): Promise<SandboxKeysActionData> {
  const keys = portalContext(context).sandboxKeys;
  if (!keys?.signedIn) return { refused: "signed-out" };
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = field("intent");
  if (intent === "create") {
    const made = await keys.create(field("name"), field("strict") === "on");
    return "refused" in made ? { refused: made.refused } : { done: "created", key: made.key, record: made.record };
  }
  if (intent === "revoke") return (await keys.revoke(field("id"))) ? { done: "revoked", id: field("id") } : { refused: "unknown" };
  if (intent === "strict") return (await keys.setStrict(field("id"), field("strict") === "on")) ? { done: "strict", id: field("id") } : { refused: "unknown" };
  return { refused: "unknown" };
}

// A person's keys, and a key shown once: never kept by any cache.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const signInDemo = useRootData()?.signInDemo ?? false;
  const components = {
    ...mdxComponents,
    SandboxKeysManager: () => (
      <SandboxKeysManager
        {...loaderData}
        demo={signInDemo}
        answer={actionData ?? null}
        codes={recordCodes("verifier")}
        pageHref={PAGE}
      />
    ),
  };
  return <ContentPage id="security-header-sandbox-keys" components={components} />;
}
