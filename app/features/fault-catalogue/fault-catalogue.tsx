import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { faultCatalogue, type AuthorityFault, type FaultEntry, type FaultOrigin } from "./fault-catalogue-data";

/**
 * `<FaultCatalogue group="verifier" />` in a content file: the catalogue's entries of one group, each
 * with its code as anchor (`#NONCE_UNDECRYPTABLE`), so that the checker's report and the sandbox's
 * faults can link to it. Plain HTML: the page works without JavaScript.
 */
export function FaultCatalogue({ group }: { group: FaultOrigin | "authority" }) {
  if (group === "authority") {
    return (
      <div className="fault-catalogue">
        {faultCatalogue.authorityFaults.map((fault) => (
          <AuthorityFaultItem key={fault.id} fault={fault} />
        ))}
      </div>
    );
  }
  return (
    <div className="fault-catalogue">
      {faultCatalogue.entries
        .filter((entry) => entry.origin === group)
        .map((entry) => (
          <FaultItem key={entry.code} entry={entry} />
        ))}
    </div>
  );
}

/** Meaning, causes in order, fix and whether a retry helps: the part every entry of the catalogue has. */
function WhatToDo({ advice }: { advice: Pick<FaultEntry, "meaning" | "causes" | "fix" | "retry"> }) {
  const { t } = useTranslation("fault-catalogue");
  const lang = useLanguage();
  return (
    <>
      <dt>{t("meaning")}</dt>
      <dd>{advice.meaning[lang]}</dd>
      <dt>{t("causes")}</dt>
      <dd>
        <ol>
          {advice.causes[lang].map((cause) => (
            <li key={cause}>{cause}</li>
          ))}
        </ol>
      </dd>
      <dt>{t("fix")}</dt>
      <dd>{advice.fix[lang]}</dd>
      <dt>{t("retry")}</dt>
      <dd>{advice.retry[lang]}</dd>
    </>
  );
}

function FaultItem({ entry }: { entry: FaultEntry }) {
  const { t } = useTranslation("fault-catalogue");
  return (
    <section className="fault-catalogue__entry" id={entry.code} aria-labelledby={`${entry.code}-title`}>
      <h3 id={`${entry.code}-title`}>
        <code>{entry.code}</code>
        {entry.severity === "warning" ? <span className="fault-catalogue__severity"> ({t("warning")})</span> : null}
      </h3>
      <dl className="fault-catalogue__facts">
        <WhatToDo advice={entry} />
        <dt>{t("sandbox")}</dt>
        <dd>
          {entry.sandbox ? (
            t("sandboxAnswer", { status: entry.sandbox.httpStatus, faultcode: entry.sandbox.faultcode })
          ) : (
            t("sandboxAccepts")
          )}
        </dd>
      </dl>
    </section>
  );
}

function AuthorityFaultItem({ fault }: { fault: AuthorityFault }) {
  const { t } = useTranslation("fault-catalogue");
  const lang = useLanguage();
  return (
    <section className="fault-catalogue__entry" id={fault.id} aria-labelledby={`${fault.id}-title`}>
      <h3 id={`${fault.id}-title`}>
        <code>{fault.faultcode}</code> {t("detailCode", { code: fault.detailCode })}
      </h3>
      <dl className="fault-catalogue__facts">
        <dt>{t("message")}</dt>
        <dd>
          <q lang="pt">{fault.message}</q>
        </dd>
        <WhatToDo advice={fault} />
        <dt>{t("source")}</dt>
        <dd>
          <a href={fault.source.href} lang="en">
            {fault.source.repository}/{fault.source.path}
          </a>{" "}
          ({t("commit", { commit: fault.source.commit.slice(0, 12) })}). {fault.source.note[lang]}
        </dd>
      </dl>
    </section>
  );
}
