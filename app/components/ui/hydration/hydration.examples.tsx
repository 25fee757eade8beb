import { until, type UiExample } from "~/components/ui/ui-example";
import { useHydrated } from "./use-hydrated";
import { appPath } from "~/config/paths";

/** What a widget does with the hook: its server HTML first (a link that works alone), its interactive form once hydrated. */
function CopyOrLink() {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" data-state="interactive">
      Copy
    </button>
  ) : (
    <a href={appPath("/downloads/areaoe-security-header.mjs")} data-state="server">
      Download
    </a>
  );
}

export const examples: UiExample[] = [
  {
    name: "false on the server and through hydration, true after",
    render: () => <CopyOrLink />,
    shows: { pt: ["Download"], en: ["Download"] },
    async interact(container) {
      await until(() => container.querySelector("[data-state=interactive]"));
    },
  },
];
