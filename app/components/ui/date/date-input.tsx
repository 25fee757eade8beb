import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { CalendarIcon } from "./calendar-icon";
import type { DateInputCalendar } from "./date-input-calendar";
import { useFieldControl } from "~/components/ui/form/field-context";
import { loadDateInputCalendar } from "./load-date-input-calendar";
import { useHydrated } from "~/components/ui/hydration/use-hydrated";
import { formatDateValue, parseDateValue, type DateBounds, type DateParseResult } from "./date-value";

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "min" | "max" | "type"> {
  /** The text as typed (never rewritten while typing). */
  value: string;
  /** Every change, typed or picked: the text and its parse result (`parseDateValue`). */
  onValueChange: (text: string, result: DateParseResult) => void;
  min?: Date;
  max?: Date;
}

/**
 * A date typed as dd/mm/yyyy (or yyyy-mm-dd), with a button beside it that opens a calendar in a
 * popover; picking a day writes it in the field and returns focus to the field. Without JavaScript the
 * text field works alone (the calendar button appears once the page is interactive).
 */
export function DateInput({ id, className, value, onValueChange, min, max, ...props }: DateInputProps) {
  const { t } = useTranslation("ui");
  const lang = useLanguage();
  const control = useFieldControl(id);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // The calendar button and popover, loaded on first use (date-input-calendar.tsx).
  const [Calendar, setCalendar] = useState<typeof DateInputCalendar | null>(null);
  const preloadCalendar = () => void loadDateInputCalendar().catch(() => {});
  const openCalendar = () => {
    loadDateInputCalendar().then(
      (module) => {
        setCalendar(() => module.DateInputCalendar);
        setOpen(true);
      },
      // Offline or a failed chunk: the date is still typed in the field, which needs no calendar.
      () => {},
    );
  };
  const inputRef = useRef<HTMLInputElement>(null);
  const bounds: DateBounds = { min, max };
  const parsed = parseDateValue(value, lang, bounds);
  const selected = parsed.ok && parsed.date ? parsed.date : undefined;
  const change = useCallback(
    (text: string) => onValueChange(text, parseDateValue(text, lang, { min, max })),
    [onValueChange, lang, min, max],
  );
  useEffect(() => {
    // Text typed before the page was interactive is kept, never lost.
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== value) change(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  const classes = ["input", "input--date", control["aria-invalid"] ? "input--error" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className="date-input">
      <input
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        {...control}
        className={classes}
        value={value}
        onChange={(event) => change(event.target.value)}
        {...props}
      />
      {hydrated && Calendar ? (
        <Calendar
          open={open}
          onOpenChange={setOpen}
          buttonLabel={t("date.openCalendar")}
          calendarLabel={t("date.calendarLabel")}
          selected={selected}
          min={min}
          max={max}
          inputRef={inputRef}
          onPick={(date) => change(formatDateValue(date, lang))}
        />
      ) : hydrated ? (
        // The same button until the calendar's chunk is here: pointing at it or focusing it starts the
        // load, pressing it opens the calendar once loaded.
        <button
          type="button"
          className="button button--secondary date-input__button"
          aria-label={t("date.openCalendar")}
          aria-haspopup="dialog"
          aria-expanded={false}
          onPointerEnter={preloadCalendar}
          onFocus={preloadCalendar}
          onClick={openCalendar}
        >
          <CalendarIcon />
        </button>
      ) : null}
    </div>
  );
}

/** The clear, translated message of a date input error. */
export function useDateErrorMessage() {
  const { t } = useTranslation("ui");
  const lang = useLanguage();
  return useCallback(
    (error: Extract<DateParseResult, { ok: false }>["error"]): string => {
      switch (error.code) {
        case "format":
          return t("date.format", { example: formatDateValue(new Date(new Date().getFullYear(), 11, 31), lang) });
        case "nonexistent":
          return t("date.nonexistent", { value: error.value ?? "" });
        default:
          return t(`date.${error.code}`, { limit: error.limit ? formatDateValue(error.limit, lang) : "" });
      }
    },
    [t, lang],
  );
}
