import { reminderDownload } from "../../app/server-surface";
import { icsReminder } from "./ics-reminder";

/** GET of the renewal planner's .ics reminder (the date it was sent), or back to the planner. */
export const renewalReminder = icsReminder(reminderDownload);
