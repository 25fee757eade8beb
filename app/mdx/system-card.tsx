import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";

export interface SystemCardProps {
  /** The system's name, e.g. "SICEU". */
  title: string;
  /** Its sub-page, e.g. "/areaOE/public/iecs/siceu". */
  href?: string;
  /** The profile it needs, e.g. "ROLE_DUI", if any. */
  profile?: string;
  children: ReactNode;
}

/** One card per system on an area page: what it is for, who uses it, the profile, its page. */
export function SystemCard({ title, href, profile, children }: SystemCardProps) {
  const { t } = useTranslation("content");
  return (
    <section className="card system-card" aria-label={title}>
      <h3 className="card__title">{href ? <SmartLink href={href}>{title}</SmartLink> : title}</h3>
      <div className="system-card__body">{children}</div>
      {profile ? (
        <p className="system-card__profile">
          {t("profileNeeded")}: <code>{profile}</code>
        </p>
      ) : null}
    </section>
  );
}

export function SystemCards({ children }: { children: ReactNode }) {
  return <div className="card-grid system-cards">{children}</div>;
}
