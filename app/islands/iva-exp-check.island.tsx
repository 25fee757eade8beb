import { IvaExpEligibilityCheck } from "~/features/iva-exp/iva-exp-eligibility-check";

/** The IVAExp page's check (app/routes/iva-exp.tsx). */
export default IvaExpEligibilityCheck;
