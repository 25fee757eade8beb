import { useTranslation } from "~/i18n/use-translation";
import { RadioGroupField } from "~/components/ui/form/radio-group-field";

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
    <RadioGroupField
      id="security-header-form"
      name="headerForm"
      legend={t("headerForm")}
      hint={t("headerFormHint")}
      options={HEADER_FORM_CHOICES.map((form) => ({
        value: form,
        label: t(`headerFormName.${form}`),
        hint: t(`headerFormDescription.${form}`),
      }))}
      value={value}
      onChange={onChange}
      className="security-header-form__choice"
      optionClassName="security-header-form__option"
    />
  );
}
