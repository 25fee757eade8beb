import { CertificateRenewalPlanner } from "~/features/certificate-renewal/certificate-renewal-planner";

/** The web services page's certificate renewal planner (app/routes/web-services.tsx). */
export default CertificateRenewalPlanner;
