// Limits every entry shares (no node: imports): the checker page, the sandbox and the verifier quote them.

/**
 * The largest input the verifier reads, in bytes of UTF-8: a realistic SOAP request, its Body included
 * (a declaration of hundreds of KB); the verifier parses only up to the Body (verify-xml.ts), so its
 * work does not grow with it. The one constant behind every size the portal states for a checked
 * request (the checker page's field and refusal, the sandbox's 413 Fault, the verifier's NOT_XML).
 */
export const MAX_VERIFY_INPUT_BYTES = 512 * 1024;
