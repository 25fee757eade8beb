import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** Retry in an island: renders (or loads) the widget again, in place. */
interface RetryInPlace {
  onRetry: () => void;
  retryAddress?: never;
}

/**
 * Retry on a page the server rendered (React Router runs in the browser no more, docs/decisions/0020): a
 * GET form to the same address, with its query as hidden fields, so the browser asks for the page again
 * and the server answers it afresh. It works without JavaScript.
 */
interface RetryByAddress {
  onRetry?: never;
  retryAddress: { pathname: string; search: string };
}

export type ErrorScreenProps = (RetryInPlace | RetryByAddress) & {
  /** Below the message and Retry: the request's reference to quote (request-reference.tsx), where there is one. */
  reference?: ReactNode;
};

/** The 'Unexpected rendering failure' screen: the message with a Retry button on its right. */
export function ErrorScreen({ onRetry, retryAddress, reference }: ErrorScreenProps) {
  const { t } = useTranslation("errors");
  const retry = t("boundary.retry");
  return (
    <div className="error-screen" role="alert">
      <h1 className="error-screen__title">{t("boundary.title")}</h1>
      <p className="error-screen__message">{t("boundary.message")}</p>
      {retryAddress ? (
        <form method="get" action={retryAddress.pathname} className="error-screen__retry">
          {[...new URLSearchParams(retryAddress.search)].map(([name, value], index) => (
            <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--primary">
            {retry}
          </button>
        </form>
      ) : (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {retry}
        </button>
      )}
      {reference}
    </div>
  );
}
