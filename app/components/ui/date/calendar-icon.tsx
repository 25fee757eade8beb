/** The calendar button's icon (decorative: the button has its own accessible name). */
export function CalendarIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
      <rect x="2" y="4" width="16" height="14" rx="1" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M2 8h16M6 2v4M14 2v4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
