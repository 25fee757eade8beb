import { randomUUID } from "node:crypto";
import { parseISO } from "date-fns";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { serverT } from "~/i18n/server-texts";
import { LANGUAGE_QUERY, isLanguage, DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { buildIcs } from "~/lib/ics";
import { lisbonTime } from "./deadline";
import { longDay } from "./long-day";
import { limitText } from "./time-limit-text";
import { answerCalculator } from "./time-limits-answer.server";
import { CALCULATOR_ID, pageOfTimeLimits, readCalculatorValues } from "./time-limits-query";

export type TimeLimitReminder = { kind: "file"; fileName: string; ics: string } | { kind: "back"; location: string };

/**
 * The calculator's calendar reminder (`…/prazos/lembrete-prazo.ics?prazo=…&data=2027-01-31&hora=&lang=pt`),
 * made by the Node server so it downloads with or without JavaScript: the same answer as the page's
 * (answerCalculator), as an all-day event on the last day (or an event at the last instant, for a limit
 * in hours), with an alarm the day before; its description keeps the page's caveats (a maximum, the
 * record's note) and what the limit runs from, and its file name names the time limit. An address that gives no deadline goes back to the
 * calculator, which says why.
 */
export function timeLimitReminder(url: URL, fallbackLang: string, now = new Date(), uid = `${randomUUID()}@areaoe`): TimeLimitReminder {
  const queryLang = url.searchParams.get(LANGUAGE_QUERY);
  const lang: Language = isLanguage(queryLang) ? queryLang : isLanguage(fallbackLang) ? fallbackLang : DEFAULT_LANGUAGE;
  const values = readCalculatorValues(url);
  const answer = values ? answerCalculator(values, lang) : undefined;
  const record = answer?.kind === "deadline" ? TIME_LIMITS.find((candidate) => candidate.id === answer.limitId) : undefined;
  if (answer?.kind !== "deadline" || !record || answer.deadline.kind === "unsupported") {
    return { kind: "back", location: `${pageOfTimeLimits()}${url.search}#${CALCULATOR_ID}` };
  }
  const t = serverT(lang, "time-limits", "calculator");
  const tLimits = serverT(lang, "time-limits");
  const { deadline } = answer;
  const what = record.what[lang];
  const limit = limitText(record, lang, tLimits);
  // The page's caveats go with the reminder: a maximum (the act sets the period), the record's note.
  const caveats = [record.maximum ? t("maximumCaveat") : "", record.note?.[lang] ?? ""].filter(Boolean).map((text) => `${text} `).join("");
  const ics = buildIcs({
    uid,
    now,
    lang,
    product: "Time-limit calculator",
    day: parseISO(deadline.kind === "day" ? deadline.lastDay : deadline.day),
    at: deadline.kind === "instant" ? lisbonTime(deadline.day, deadline.time) : undefined,
    summary: t(record.maximum ? "icsSummaryMaximum" : "icsSummary", { what }),
    description: t("icsDescription", {
      what,
      limit: record.maximum ? t("limitMaximum", { limit }) : limit,
      event: record.event[lang],
      eventDate: `${longDay(answer.eventDay, lang)}${answer.eventTime ? ` ${answer.eventTime}` : ""}`,
      caveats,
      article: record.article[lang],
    }),
    alarm: t("icsAlarm", { what }),
    alarmTrigger: "-P1D",
  });
  // The file's name says which time limit it is about: lembrete-prazo-settlement-payment.ics.
  return { kind: "file", fileName: t("fileName", { id: record.id }), ics };
}
