import { apiPath, appPath } from "./paths";

/** The header sandbox's fixed addresses (served by server/sandbox, linked from the guides). */
export const SANDBOX_PATHS = {
  certificatePem: appPath("/sandbox/test-certificate.pem"),
  certificateDer: appPath("/sandbox/test-certificate.cer"),
  soap: appPath("/sandbox/soap"),
  time: apiPath("time"),
} as const;
