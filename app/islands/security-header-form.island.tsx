import { SecurityHeaderForm, type SecurityHeaderFormProps } from "~/features/security-header/security-header-form";
import { Toaster } from "~/components/ui/toast/toaster";

/**
 * The header form of a signed-in visitor with a customs profile (app/routes/security-header-form.tsx),
 * with the notifications region its copy and download actions announce in (the root's is not hydrated
 * on a page with islands; it renders nothing on the server, so hydration matches).
 */
export function SecurityHeaderFormIsland(props: SecurityHeaderFormProps) {
  return (
    <>
      <SecurityHeaderForm {...props} />
      <Toaster />
    </>
  );
}

export default SecurityHeaderFormIsland;
