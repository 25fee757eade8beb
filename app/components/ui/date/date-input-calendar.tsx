import type { RefObject } from "react";
import { Calendar } from "./calendar";
import { CalendarIcon } from "./calendar-icon";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/overlay/popover";

export interface DateInputCalendarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button's accessible name and the calendar dialog's label. */
  buttonLabel: string;
  calendarLabel: string;
  selected?: Date;
  min?: Date;
  max?: Date;
  /** The text field, which gets focus back when the calendar closes. */
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: (date: Date) => void;
}

/**
 * The date input's calendar button and popover (react-day-picker in a Radix popover). Its own chunk,
 * loaded by DateInput when the visitor first reaches for the button (date-input.tsx): with Radix's
 * positioning code it was about 30 KB gzip that every page with a date field loaded up front.
 */
export function DateInputCalendar({ open, onOpenChange, buttonLabel, calendarLabel, selected, min, max, inputRef, onPick }: DateInputCalendarProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger className="button button--secondary date-input__button" aria-label={buttonLabel}>
        <CalendarIcon />
      </PopoverTrigger>
      <PopoverContent
        className="date-input__popover"
        aria-label={calendarLabel}
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
            if (date) onPick(date);
            onOpenChange(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
