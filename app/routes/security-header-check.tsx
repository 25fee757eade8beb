import type { Route } from "./+types/security-header-check";
import { ContentPage } from "~/features/content/content-page";
import { pageMeta } from "~/config/page-meta";
import { mdxComponents } from "~/mdx/mdx-components";
import { HeaderCheckForm } from "~/features/security-header/header-check-form";
import { Island } from "~/islands/island";
import { HeaderCheckUnavailable } from "~/features/security-header/header-check-unavailable";
import { data } from "react-router";
import {
  HEADER_CHECK_MAX_BYTES,
  HEADER_CHECK_TOO_LARGE_QUERY,
  headerMadeFor,
  type HeaderCheckActionData,
  type HeaderCheckRefusal,
} from "~/features/security-header/header-check";
import { TestCertificateDetails } from "~/features/security-header/test-certificate-details";
import { SandboxKeysList } from "~/features/security-header/sandbox-keys-list";
import { SANDBOX_PATHS } from "~/config/sandbox-paths";
import { pageHref } from "~/config/site-map";
import { HEADER_TARGET_QUERY } from "~/features/security-header/authority-environment";
import { MADE_FOR_FIELD } from "~/features/security-header/header-result";
import { portalContext } from "~/load-context";

export const meta = pageMeta("security-header-check");

/** The generation form with the sandbox's current key chosen: the header it makes passes this checker. */
const SANDBOX_FORM_HREF = `${pageHref("security-header-form")}?${HEADER_TARGET_QUERY}=sandbox`;

/**
 * The test certificate's facts, for the content's download section, whether the checker is on, and
 * whether the server just refused a post too large to read (`?tooLarge`, see server/sandbox/header-check-guard.ts).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const portal = portalContext(context);
  const sandbox = portal.securityHeaderSandbox;
  const tooLarge = new URL(request.url).searchParams.has(HEADER_CHECK_TOO_LARGE_QUERY);
  return { certificate: sandbox.certificate, keys: sandbox.keys(), checkerEnabled: sandbox.enabled, tooLarge };
}

/**
 * Checks a pasted request with the portal's local TEST key (server only). The password, when given, is
 * compared in memory and dropped; the answer never contains it. A header the generation form sends
 * ("Check this header") says which key it was made for: one the checker cannot decrypt with is named,
 * and not checked (nothing is decrypted, logged or kept).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const portal = portalContext(context);
  if (!portal.securityHeaderSandbox.enabled) return { status: "unavailable" } satisfies HeaderCheckActionData;
  const form = await request.formData();
  const envelope = typeof form.get("envelope") === "string" ? (form.get("envelope") as string) : "";
  const password = typeof form.get("password") === "string" ? (form.get("password") as string) : "";
  if (envelope.trim() === "") return { status: "invalid", problem: "envelopeMissing", envelope } satisfies HeaderCheckActionData;
  if (new TextEncoder().encode(envelope).length > HEADER_CHECK_MAX_BYTES) {
    return { status: "invalid", problem: "envelopeTooLarge", envelope: "" } satisfies HeaderCheckActionData;
  }
  const madeFor = headerMadeFor(form.get(MADE_FOR_FIELD), portal.securityHeaderEnvironments());
  if (madeFor !== null && madeFor !== "sandbox") return { status: "foreign-key", envelope, madeFor } satisfies HeaderCheckActionData;
  // Refused before or by the pool (the page's quota, or no turn): this page says so with the envelope
  // kept, answered 429 or 503 with Retry-After (never a page that loses what was pasted).
  const refused = (refusal: HeaderCheckRefusal) =>
    data({ status: "refused", envelope, refusal } satisfies HeaderCheckActionData, { status: refusal.status, headers: { "Retry-After": String(refusal.retryAfterSeconds) } });
  const quota = portal.securityHeaderSandbox.refusal();
  if (quota) return refused(quota);
  const outcome = await portal.securityHeaderSandbox.check(envelope, password === "" ? undefined : password);
  if ("refused" in outcome) return refused(outcome.refused);
  return { status: "checked", envelope, passwordCompared: password !== "", outcome } satisfies HeaderCheckActionData;
}

// The answer to a check belongs to one visitor: never kept by a shared cache. A refusal's Retry-After
// comes from the action's answer.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "private, no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  // The form is an island (app/islands/island.tsx): the action's answer and `?tooLarge` come in as props.
  const checkForm = () => <Island component={HeaderCheckForm} props={{ tooLarge: loaderData.tooLarge, data: actionData ?? null, sandboxFormHref: SANDBOX_FORM_HREF }} />;
  const components = {
    ...mdxComponents,
    // The content places the test certificate and the form where its steps need them.
    TestCertificate: () => (
      <TestCertificateDetails certificate={loaderData.certificate} pemHref={SANDBOX_PATHS.certificatePem} derHref={SANDBOX_PATHS.certificateDer} />
    ),
    // The retired, current and next keys, for the rotation rehearsal.
    SandboxKeys: () => <SandboxKeysList keys={loaderData.keys} keysHref={SANDBOX_PATHS.keys} />,
    // Switched off at start when the runtime cannot decrypt the Nonce safely: the page says so instead.
    HeaderCheckForm: !loaderData.checkerEnabled ? HeaderCheckUnavailable : checkForm,
  };
  return <ContentPage id="security-header-check" components={components} />;
}
