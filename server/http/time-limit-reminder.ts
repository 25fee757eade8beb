import { timeLimitReminder as reminder } from "../../app/server-surface";
import { icsReminder } from "./ics-reminder";

/** GET of the time-limit calculator's .ics reminder (a time limit's end), or back to the calculator. */
export const timeLimitReminder = icsReminder(reminder);
