import { DayPicker, type DayPickerProps } from "react-day-picker";
import { enGB, pt } from "react-day-picker/locale";
import { useLanguage } from "~/i18n/use-language";
import { calendarYearRange } from "./calendar-range";
import { WEEK_STARTS_ON } from "./date-value";
import "react-day-picker/style.css";
// After the library's sheet, which it overrides (both load with the calendar, never server-rendered).
import "./calendar.css";

/** Months shown at once (the specification's widget default: 1). */
export const CALENDAR_MONTHS = 1;
/** Months shown at once when picking a range (the specification's widget default: 2). */
export const CALENDAR_RANGE_MONTHS = 2;
/** Always six week rows, so the calendar does not jump in height between months (a widget default). */
export const CALENDAR_FIXED_WEEKS = true;
/** Days of the previous and next month fill the first and last weeks (the specification's widget default). */
export const CALENDAR_SHOW_OUTSIDE_DAYS = true;

/** react-day-picker's locales (date-fns locales with translated labels) per portal language. */
export const CALENDAR_LOCALES = { pt, en: enGB } as const;

export type CalendarProps = DayPickerProps & {
  /** Earliest and latest selectable dates; they also bound the year picker. */
  min?: Date;
  max?: Date;
};

/**
 * A month calendar (react-day-picker 9) in the page language, weeks from Monday, with month and year
 * pickers spanning the current century unless `min`/`max` are given. Arrow keys move between days,
 * PageUp/PageDown between months, Home/End within the week.
 */
export function Calendar({ min, max, className, ...props }: CalendarProps) {
  const locale = useLanguage() === "en" ? CALENDAR_LOCALES.en : CALENDAR_LOCALES.pt;
  const { startMonth, endMonth } = calendarYearRange(new Date(), { min, max });
  const disabled = [min ? { before: min } : null, max ? { after: max } : null].filter((matcher) => matcher !== null);
  const pickerProps = {
    locale,
    weekStartsOn: WEEK_STARTS_ON,
    numberOfMonths: props.mode === "range" ? CALENDAR_RANGE_MONTHS : CALENDAR_MONTHS,
    fixedWeeks: CALENDAR_FIXED_WEEKS,
    showOutsideDays: CALENDAR_SHOW_OUTSIDE_DAYS,
    captionLayout: "dropdown",
    startMonth,
    endMonth,
    disabled: disabled.length > 0 ? disabled : undefined,
    className: className ? `calendar ${className}` : "calendar",
    ...props,
  } as DayPickerProps;
  return <DayPicker {...pickerProps} />;
}
