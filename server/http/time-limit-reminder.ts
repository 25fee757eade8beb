import type { Request, Response } from "express";
import { timeLimitReminder as reminder } from "../../app/server-surface";

/**
 * GET of the time-limit calculator's .ics reminder: the file, in the language the calculator sent, or a
 * redirect back to the calculator when the address gives no time limit's end.
 */
export function timeLimitReminder(req: Request, res: Response) {
  const answer = reminder(new URL(req.originalUrl, "http://portal.invalid"), res.locals.lang);
  if (answer.kind === "back") {
    res.redirect(302, answer.location);
    return;
  }
  res.setHeader("Content-Type", "text/calendar; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${answer.fileName}"`);
  res.send(answer.ics);
}
