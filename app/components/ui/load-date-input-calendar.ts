import type * as DateInputCalendarModule from "./date-input-calendar";

let pending: Promise<typeof DateInputCalendarModule> | null = null;

/** Loads the date input's calendar chunk once; a failed load (network) is forgotten so a later press tries again. */
export function loadDateInputCalendar(): Promise<typeof DateInputCalendarModule> {
  pending ??= import("./date-input-calendar").catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
