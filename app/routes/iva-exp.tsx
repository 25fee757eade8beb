import { widgetContentPage } from "./widget-content-page";
import { widgetPageLoader } from "./widget-page-loader.server";
import { pageMeta } from "~/config/page-meta";
import { IVA_EXP_CHECK_ID, IVA_EXP_PARAMS, readIvaExpCheck } from "~/features/iva-exp/iva-exp-check";
import type { LanguageSwitchHandle } from "~/components/layout/language-switcher";
import { IvaExpEligibilityCheck } from "~/features/iva-exp/iva-exp-eligibility-check";
import { Island } from "~/islands/island";

export const meta = pageMeta("iva-exp");
// The language switch opens the other language at the check's answer (`?valor=…#iva-exp-check`).
export const handle: LanguageSwitchHandle = {
  answeredSection: (search) => (Object.values(IVA_EXP_PARAMS).some((name) => search.has(name)) ? IVA_EXP_CHECK_ID : undefined),
};

// The value check is a GET form (`?valor=…&lang=…`): the server answers it, so it works without
// JavaScript; in the browser the widget, an island, answers the same address with the same rules
// (useAddressAnswer).
export const loader = widgetPageLoader((url, portal) => readIvaExpCheck(url, portal.lang));

export default widgetContentPage<typeof loader>("iva-exp", {
  IvaExpEligibilityCheck: ({ data }) => <Island component={IvaExpEligibilityCheck} props={{ check: data }} />,
});
