import { useTranslation } from "../../i18n/use-translation";

/** The two forms the authority's clients send (library `HeaderForm`); the first is the default. */
export const HEADER_FORM_CHOICES = ["digest", "encrypted-created"] as const;
export type HeaderForm = (typeof HEADER_FORM_CHOICES)[number];

export interface HeaderFormChoiceProps {
  value: HeaderForm;
  onChange: (form: HeaderForm) => void;
}

/** A radio group: each form with one plain sentence on what it is and when to choose it. */
export function HeaderFormChoice({ value, onChange }: HeaderFormChoiceProps) {
  const { t } = useTranslation("security-header");
  return (
    <fieldset className="form-group security-header-form__choice" aria-describedby="security-header-form-hint">
      <legend className="label">{t("headerForm")}</legend>
      <div id="security-header-form-hint" className="hint">
        {t("headerFormHint")}
      </div>
      {HEADER_FORM_CHOICES.map((form) => (
        <div key={form} className="security-header-form__option">
          <input
            type="radio"
            id={`security-header-form-${form}`}
            name="headerForm"
            value={form}
            checked={form === value}
            onChange={() => onChange(form)}
            aria-describedby={`security-header-form-${form}-hint`}
          />
          <label htmlFor={`security-header-form-${form}`}>{t(`headerFormName.${form}`)}</label>
          <div id={`security-header-form-${form}-hint`} className="hint">
            {t(`headerFormDescription.${form}`)}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
