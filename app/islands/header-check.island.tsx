import { HeaderCheckForm } from "~/features/security-header/header-check-form";

/** The header checker's form and report (app/routes/security-header-check.tsx). */
export default HeaderCheckForm;
