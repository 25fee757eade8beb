// The "as of" date a test may give the sandbox (X-Areaoe-As-Of: 2027-03-01 or 2027-03-01T09:00:00Z):
// the keys' status (current, next, retired) is judged as of that date, to rehearse the key switch before
// it comes; the header's age is still judged by the server's clock (a header made now stays valid). The
// date must fall within the span of the keys the sandbox publishes (GET /areaOE/sandbox/keys): from the
// first key's validity start to the last key's end; any other value is a Client Fault, AS_OF_INVALID.

export type AsOf =
  | { readonly status: "none" }
  | { readonly status: "given"; readonly date: Date }
  | { readonly status: "invalid"; readonly given: string; readonly from: string; readonly until: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The header's value read against the published span (a date alone is its 00:00 UTC). */
export function parseAsOf(value: string | undefined, span: { from: Date; until: Date }): AsOf {
  const text = (value ?? "").trim();
  if (text === "") return { status: "none" };
  const invalid: AsOf = { status: "invalid", given: text.slice(0, 40), from: span.from.toISOString(), until: span.until.toISOString() };
  if (!DATE.test(text) && !DATE_TIME.test(text)) return invalid;
  const time = Date.parse(DATE.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time) || time < span.from.getTime() || time >= span.until.getTime()) return invalid;
  return { status: "given", date: new Date(time) };
}
