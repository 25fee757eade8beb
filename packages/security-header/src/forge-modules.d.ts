// @types/node-forge only types the whole library ("node-forge"). The browser implementation imports
// forge's big-integer module alone, to keep the form's chunk small.
declare module "node-forge/lib/jsbn.js" {
  import type { jsbn } from "node-forge";
  const jsbnModule: { BigInteger: typeof jsbn.BigInteger };
  export default jsbnModule;
}

declare module "node-forge/lib/rsa.js" {
  import type { jsbn, pki } from "node-forge";
  const rsaModule: { setPublicKey(n: jsbn.BigInteger, e: jsbn.BigInteger): pki.rsa.PublicKey };
  export default rsaModule;
}

declare module "node-forge/lib/random.js" {
  // forge's shared PRNG (rsa.js draws the PKCS#1 v1.5 padding from it); typed as far as it is used.
  const randomModule: { getBytes(count: number): string };
  export default randomModule;
}
