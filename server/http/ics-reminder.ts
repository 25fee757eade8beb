import type { Request, RequestHandler, Response } from "express";

/** What a reminder's address gives: the .ics file, or the page to go back to when it names no reminder. */
export type IcsReminderAnswer = { readonly kind: "back"; readonly location: string } | { readonly kind: "file"; readonly fileName: string; readonly ics: string };

/**
 * GET of an .ics reminder a form of the portal links to (the renewal planner's, the time-limit
 * calculator's): the file in the language the form sent, or a redirect back to the form.
 */
export function icsReminder(answer: (url: URL, lang: Response["locals"]["lang"]) => IcsReminderAnswer): RequestHandler {
  return (req: Request, res: Response) => {
    const reminder = answer(new URL(req.originalUrl, "http://portal.invalid"), res.locals.lang);
    if (reminder.kind === "back") {
      res.redirect(302, reminder.location);
      return;
    }
    res.setHeader("Content-Type", "text/calendar; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${reminder.fileName}"`);
    res.send(reminder.ics);
  };
}
