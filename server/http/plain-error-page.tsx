import type { Request, Response } from "express";
import { BASE_URL, ServerPage, serverT, type Language } from "../../app/server-surface";
import { responseLanguage } from "./language";
import { sendServerPage } from "./server-page";

type ServerErrorText = "notFound" | "methodNotAllowed" | "badRequest" | "serverError";

function textFor(status: number): ServerErrorText {
  if (status === 404) return "notFound";
  if (status === 405) return "methodNotAllowed";
  if (status >= 400 && status < 500) return "badRequest";
  return "serverError";
}

/** An error page of the server: the status in the heading, one sentence, the way home. */
export function ErrorPage({ lang, status, message }: { lang: Language; status: number; message: string }) {
  const t = serverT(lang, "errors", "server");
  const title = `${t("title")} ${status}`;
  return (
    <ServerPage lang={lang} title={title}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href={BASE_URL}>{serverT(lang, "common")("siteName")}</a>
      </p>
    </ServerPage>
  );
}

/** The server's error page (4xx, 5xx): no script, no internals, in the visitor's language. */
export function sendPlainErrorPage(req: Request, res: Response, status: number): void {
  const lang = responseLanguage(req, res);
  sendServerPage(req, res, status, <ErrorPage lang={lang} status={status} message={serverT(lang, "errors", "server")(textFor(status))} />);
}
