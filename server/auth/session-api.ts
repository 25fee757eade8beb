import type { Request, Response } from "express";
import { serverT, type SessionUser, type Language } from "../../app/server-surface";

export interface SessionAnswer {
  authenticated: boolean;
  signInEnabled: boolean;
  user: { nif: string; name: string } | null;
  profiles: { role: string; description: string }[];
}

/** The visitor's login state and customs profiles, descriptions in the request's language. */
export function sessionAnswer(user: SessionUser | null, lang: Language, signInEnabled: boolean): SessionAnswer {
  if (!user) return { authenticated: false, signInEnabled, user: null, profiles: [] };
  const t = serverT(lang, "session", "roles");
  return {
    authenticated: true,
    signInEnabled,
    user: { nif: user.nif, name: user.name },
    profiles: user.roles.map((role) => ({ role, description: t(role) })),
  };
}

/** GET /areaOE/api/session: personal, so never stored by any cache. */
export function sessionEndpoint(signInEnabled: boolean) {
  return (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    res.vary("Cookie");
    res.json(sessionAnswer(res.locals.session ?? null, res.locals.lang, signInEnabled));
  };
}
