import { addDays, format } from "date-fns";

/** Longest content line of an iCalendar file, in octets, before folding (RFC 5545 §3.1). */
export const ICS_LINE_LIMIT = 75;
/** Reminder alarm before the event (a week ahead). */
export const ICS_ALARM_TRIGGER = "-P7D";

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line at 75 octets (UTF-8), never inside a character; continuation lines start with a space. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const length = encoder.encode(char).length;
    const limit = parts.length === 0 ? ICS_LINE_LIMIT : ICS_LINE_LIMIT - 1;
    if (size + length > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export interface IcsEvent {
  uid: string;
  /** The all-day event's day (local calendar day); ignored when `at` is given. */
  day: Date;
  /** A timed event instead: its instant (written in UTC, so no time-zone definition is needed). */
  at?: Date;
  /** Who makes the file, in PRODID (default: the certificate renewal planner). */
  product?: string;
  /** The alarm's trigger before the event (default a week ahead, ICS_ALARM_TRIGGER). */
  alarmTrigger?: string;
  summary: string;
  description: string;
  /** When the file is made (DTSTAMP, UTC). */
  now: Date;
  /** Language of the texts (pt or en), for PRODID and LANGUAGE. */
  lang: string;
  /** Text of the reminder alarm. */
  alarm?: string;
}

/**
 * A one-event iCalendar file (RFC 5545): an all-day VEVENT (or, with `at`, one at that instant), CRLF
 * line endings, escaped and folded text. Shared by the certificate renewal planner and the time-limit
 * calculator's reminders.
 */
export function buildIcs(event: IcsEvent): string {
  const lang = event.lang === "en" ? "en" : "pt";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//areaOE//${event.product ?? "Certificate renewal planner"}//${lang.toUpperCase()}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    ...(event.at
      ? [`DTSTART:${utcStamp(event.at)}`, `DTEND:${utcStamp(event.at)}`]
      : [`DTSTART;VALUE=DATE:${format(event.day, "yyyyMMdd")}`, `DTEND;VALUE=DATE:${format(addDays(event.day, 1), "yyyyMMdd")}`]),
    `SUMMARY;LANGUAGE=${lang}:${escapeIcsText(event.summary)}`,
    `DESCRIPTION;LANGUAGE=${lang}:${escapeIcsText(event.description)}`,
    "TRANSP:TRANSPARENT",
    ...(event.alarm
      ? ["BEGIN:VALARM", "ACTION:DISPLAY", `TRIGGER:${event.alarmTrigger ?? ICS_ALARM_TRIGGER}`, `DESCRIPTION:${escapeIcsText(event.alarm)}`, "END:VALARM"]
      : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
