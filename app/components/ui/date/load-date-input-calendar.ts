import { loadOnce } from "~/lib/load-once";

/** Loads the date input's calendar chunk once; a failed load (network) is tried again on the next press. */
export const loadDateInputCalendar = loadOnce(() => import("./date-input-calendar"));
