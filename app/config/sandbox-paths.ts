import { BASE_PATH } from "./site-map";

/** The header sandbox's fixed addresses (served by server/sandbox, linked from the guides). */
export const SANDBOX_PATHS = {
  certificatePem: `${BASE_PATH}/sandbox/test-certificate.pem`,
  certificateDer: `${BASE_PATH}/sandbox/test-certificate.cer`,
  soap: `${BASE_PATH}/sandbox/soap`,
  time: `${BASE_PATH}/api/time`,
} as const;
