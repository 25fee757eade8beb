import { useTranslation } from "react-i18next";
import { RETURN_TO_PARAM, SIGN_OUT_PATH } from "./return-to";

/** 'Stop acting as NAME': a real POST form, so it works without JavaScript and cannot be prefetched. */
export function SignOutForm({ name, returnTo }: { name: string; returnTo: string }) {
  const { t } = useTranslation("session");
  return (
    <form method="post" action={SIGN_OUT_PATH} className="sign-out-form">
      <input type="hidden" name={RETURN_TO_PARAM} value={returnTo} />
      <button type="submit" className="button button--secondary">
        {t("loginState.stopActingAs", { name })}
      </button>
    </form>
  );
}
