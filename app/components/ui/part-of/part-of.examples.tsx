import { find, type UiExample } from "~/components/ui/ui-example";
import { PartOf } from "./part-of";
import { appPath } from "~/config/paths";

export const examples: UiExample[] = [
  {
    name: "a page that is a step of two journeys",
    render: () => (
      <PartOf
        items={[
          { href: appPath("/public/passos/importar"), title: "Import goods", detail: "· step 2 of 6" },
          { href: appPath("/public/passos/exportar"), title: "Export goods" },
        ]}
      />
    ),
    shows: { pt: ["Faz parte do passo a passo", "Import goods", "step 2 of 6"], en: ["Part of step by step", "Export goods"] },
    interact(container) {
      // Plain links: a page load, with or without script.
      if (find<HTMLAnchorElement>(container, "a").getAttribute("href") !== appPath("/public/passos/importar")) throw new Error("the link lost its address");
    },
  },
  { name: "a page of no journey renders nothing", render: () => <PartOf items={[]} /> },
];
