/** True for a value the user has not really filled in (empty or only spaces). */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

/** i18n key (namespace `ui`) of the message of a required field left empty: 'Mandatory' / 'Obrigatório'. */
export const MANDATORY_MESSAGE_KEY = "form.mandatory";
/** i18n key (namespace `ui`) of the error summary title: 'Please, correct the errors in the fields.' */
export const ERROR_SUMMARY_TITLE_KEY = "form.errorSummaryTitle";
