import { useTranslation } from "~/i18n/use-translation";

export interface ErrorScreenProps {
  onRetry: () => void;
}

/** The 'Unexpected rendering failure' screen: the message with a Retry button on its right. */
export function ErrorScreen({ onRetry }: ErrorScreenProps) {
  const { t } = useTranslation("errors");
  return (
    <div className="error-screen" role="alert">
      <h1 className="error-screen__title">{t("boundary.title")}</h1>
      <p className="error-screen__message">{t("boundary.message")}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t("boundary.retry")}
      </button>
    </div>
  );
}
