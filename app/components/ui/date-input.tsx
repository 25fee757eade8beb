import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Calendar } from "./calendar";
import { useFieldControl } from "./field-context";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";
import { useHydrated } from "./use-hydrated";
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
  const { t, i18n } = useTranslation("ui");
  const control = useFieldControl(id);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const bounds: DateBounds = { min, max };
  const parsed = parseDateValue(value, i18n.language, bounds);
  const selected = parsed.ok && parsed.date ? parsed.date : undefined;
  const change = useCallback(
    (text: string) => onValueChange(text, parseDateValue(text, i18n.language, { min, max })),
    [onValueChange, i18n.language, min, max],
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
      {hydrated ? (
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger className="button button--secondary date-input__button" aria-label={t("date.openCalendar")}>
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
              <rect x="2" y="4" width="16" height="14" rx="1" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M2 8h16M6 2v4M14 2v4" stroke="currentColor" strokeWidth="2" />
            </svg>
          </PopoverTrigger>
          <PopoverContent
            className="date-input__popover"
            aria-label={t("date.calendarLabel")}
            // The calendar focuses the selected day (or today) itself.
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              inputRef.current?.focus();
            }}
          >
            <Calendar
              mode="single"
              // The user opened the calendar: focus goes to the selected day (or today) inside it.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              min={min}
              max={max}
              selected={selected}
              defaultMonth={selected ?? min ?? new Date()}
              onSelect={(date: Date | undefined) => {
                if (date) change(formatDateValue(date, i18n.language));
                setOpen(false);
              }}
            />
          </PopoverContent>
        </Popover>
      ) : null}
    </div>
  );
}

/** The clear, translated message of a date input error. */
export function useDateErrorMessage() {
  const { t, i18n } = useTranslation("ui");
  return useCallback(
    (error: Extract<DateParseResult, { ok: false }>["error"]): string => {
      switch (error.code) {
        case "format":
          return t("date.format", { example: formatDateValue(new Date(new Date().getFullYear(), 11, 31), i18n.language) });
        case "nonexistent":
          return t("date.nonexistent", { value: error.value ?? "" });
        default:
          return t(`date.${error.code}`, { limit: error.limit ? formatDateValue(error.limit, i18n.language) : "" });
      }
    },
    [t, i18n.language],
  );
}
