import { find, type UiExample } from "~/components/ui/ui-example";
import { SmartLink } from "./smart-link";
import { appPath } from "~/config/paths";

export const examples: UiExample[] = [
  {
    name: "an in-app link (same tab) and an external one (new tab, said so)",
    render: () => (
      <p>
        <SmartLink href={appPath("/public/webservices")}>Web services</SmartLink> <SmartLink href="https://eur-lex.europa.eu/">EUR-Lex</SmartLink>
      </p>
    ),
    shows: { pt: ["Web services", "EUR-Lex", "(abre num novo separador)"], en: ["Web services", "EUR-Lex", "(opens in a new tab)"] },
    interact(container) {
      const [inside, outside] = [...container.querySelectorAll("a")];
      if (inside?.target || outside?.target !== "_blank" || outside.rel !== "noopener noreferrer") throw new Error("wrong targets");
      find(container, `a[href="${appPath("/public/webservices")}"]`);
    },
  },
];
