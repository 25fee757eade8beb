import { useTranslation } from "~/i18n/use-translation";

/** Shown where sign-in is needed but this server has no identity provider configured. */
export function SignInDisabledNotice({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation("session");
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="callout callout--warning" aria-labelledby="sign-in-disabled-title">
      <Heading id="sign-in-disabled-title">{t("signInDisabled.title")}</Heading>
      <p>{t("signInDisabled.body")}</p>
    </section>
  );
}
