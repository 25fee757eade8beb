import { RETURN_TO_PARAM, SIGN_OUT_PATH } from "./return-to";

/** A sign-out button: a real POST form, so it works without JavaScript and cannot be prefetched. */
export function SignOutForm({ label, returnTo, className }: { label: string; returnTo: string; className?: string }) {
  return (
    <form method="post" action={SIGN_OUT_PATH} className={className ? `sign-out-form ${className}` : "sign-out-form"}>
      <input type="hidden" name={RETURN_TO_PARAM} value={returnTo} />
      <button type="submit" className="button button--secondary">
        {label}
      </button>
    </form>
  );
}
