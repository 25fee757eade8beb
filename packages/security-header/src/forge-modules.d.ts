// @types/node-forge only types the whole library ("node-forge"). We import single submodules to
// keep the browser bundle small; each one's CommonJS export is the matching namespace object.
declare module "node-forge/lib/x509.js" {
  import type { pki } from "node-forge";
  const x509: typeof pki;
  export default x509;
}

declare module "node-forge/lib/asn1.js" {
  import type { asn1 } from "node-forge";
  const asn1Module: typeof asn1;
  export default asn1Module;
}

declare module "node-forge/lib/pem.js" {
  import type { pem } from "node-forge";
  const pemModule: typeof pem;
  export default pemModule;
}

declare module "node-forge/lib/util.js" {
  import type { util } from "node-forge";
  const utilModule: typeof util;
  export default utilModule;
}
