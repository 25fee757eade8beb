import { act } from "react";
import { until, type UiExample } from "~/components/ui/ui-example";
import { notify } from "./notify";
import { Toaster } from "./toaster";

export const examples: UiExample[] = [
  {
    name: "the notifications region: nothing without JavaScript, a toast once one is shown",
    render: () => <Toaster />,
    async interact(_container, lang) {
      // Its code loads at the next idle moment after the island hydrated; a toast shown before waits.
      await act(async () => void notify(lang === "pt" ? "Copiado" : "Copied", { kind: "success" }));
      await until(() => document.querySelector("[role=region]")?.getAttribute("aria-label")?.includes("Alt+T"));
      await until(() => document.body.textContent?.includes(lang === "pt" ? "Copiado" : "Copied"));
    },
  },
];
