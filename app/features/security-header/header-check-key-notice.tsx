import type { Ref } from "react";
import { pageHref } from "~/config/site-map";
import { TaggedText } from "~/i18n/tagged-text";
import { useTranslation } from "~/i18n/use-translation";
import { HEADER_TARGET_QUERY } from "./authority-environment";
import type { ForeignHeaderKey } from "./header-check";

/** The generation form with the sandbox's current key chosen: the header it makes passes this checker. */
export const FORM_FOR_SANDBOX_HREF = `${pageHref("security-header-form")}?${HEADER_TARGET_QUERY}=sandbox`;

const TITLE = {
  "form-local-key": "check.madeFor.formLocalKeyTitle",
  "authority-test": "check.madeFor.authorityTestTitle",
  "authority-production": "check.madeFor.authorityProductionTitle",
} as const;

/**
 * The checker's answer to a header the generation form made for a key the checker cannot decrypt with:
 * which key it was (the form said so), why the checker never decrypts with it, and the way to a
 * header it can check (the form, with the sandbox's key chosen).
 */
export function HeaderCheckKeyNotice({ madeFor, headingRef }: { madeFor: ForeignHeaderKey; headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation("security-header");
  return (
    <section className="header-check__report callout callout--warning" aria-labelledby="header-check-report-title" data-testid="header-check-key-notice">
      <h3 id="header-check-report-title" ref={headingRef} tabIndex={-1}>
        {t(TITLE[madeFor])}
      </h3>
      <p>{madeFor === "form-local-key" ? t("check.madeFor.formLocalKey") : t("check.madeFor.authority")}</p>
      <p>
        <SandboxFormLink text={t("check.madeFor.offer")} />
      </p>
    </section>
  );
}

/** A text whose `<form>…</form>` part links to the generation form with the sandbox's key chosen. */
export function SandboxFormLink({ text }: { text: string }) {
  // TaggedText puts the linked words inside the anchor.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <TaggedText text={text} components={{ form: <a href={FORM_FOR_SANDBOX_HREF} /> }} />;
}
