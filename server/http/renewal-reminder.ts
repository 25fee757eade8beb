import type { Request, Response } from "express";
import { reminderDownload } from "../../app/server-surface";

/**
 * GET of the renewal planner's .ics reminder: the file, in the language the planner sent with the date,
 * or a redirect back to the planner when the address gives no reminder.
 */
export function renewalReminder(req: Request, res: Response) {
  const answer = reminderDownload(new URL(req.originalUrl, "http://portal.invalid"), res.locals.lang);
  if (answer.kind === "back") {
    res.redirect(302, answer.location);
    return;
  }
  res.setHeader("Content-Type", "text/calendar; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${answer.fileName}"`);
  res.send(answer.ics);
}
