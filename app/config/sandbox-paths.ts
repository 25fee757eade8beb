import { apiPath, appPath } from "./paths";

/** The header sandbox's fixed addresses (served by server/sandbox, linked from the guides). */
export const SANDBOX_PATHS = {
  certificatePem: appPath("/sandbox/test-certificate.pem"),
  certificateDer: appPath("/sandbox/test-certificate.cer"),
  soap: appPath("/sandbox/soap"),
  /** The key set as JSON; each key's certificate at `keys/<id>.pem` and `.cer`. */
  keys: appPath("/sandbox/keys"),
  /** A request's decoded trace: `requests/<trace id>`. */
  requests: appPath("/sandbox/requests"),
  time: apiPath("time"),
} as const;
