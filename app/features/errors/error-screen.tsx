import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

export interface ErrorScreenProps {
  onRetry: () => void;
  /** Below the message and Retry: the request's reference to quote (request-reference.tsx), where there is one. */
  reference?: ReactNode;
}

/** The 'Unexpected rendering failure' screen: the message with a Retry button on its right. */
export function ErrorScreen({ onRetry, reference }: ErrorScreenProps) {
  const { t } = useTranslation("errors");
  return (
    <div className="error-screen" role="alert">
      <h1 className="error-screen__title">{t("boundary.title")}</h1>
      <p className="error-screen__message">{t("boundary.message")}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t("boundary.retry")}
      </button>
      {reference}
    </div>
  );
}
