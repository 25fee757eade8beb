import { useState } from "react";
import { click, find, type UiExample } from "~/components/ui/ui-example";
import { Field } from "~/components/ui/form/field";
import { Input } from "~/components/ui/form/input";
import { AnsweredToolPanel } from "./answered-tool-panel";

const TEXTS = { title: "Value check", intro: "Is the consignment within 1,000 euros?", submit: "Check" } as const;

/** The server's answer, then, in the browser, the same rules answering the same form (as useAddressAnswer does). */
function ValueCheck({ inBrowser }: { inBrowser: boolean }) {
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <AnsweredToolPanel
      id="value-check"
      className="value-check"
      texts={(key) => TEXTS[key]}
      problems={[]}
      answer={answer}
      onSubmit={inBrowser ? (form) => setAnswer(String(new FormData(form).get("value") ?? "")) : undefined}
      result={answer === null ? null : <p>{Number(answer) <= 1000 ? "Within" : "Over"}</p>}
      resultClassName="value-check__result"
    >
      <Field id="value" label="Value">
        <Input name="value" defaultValue="850" />
      </Field>
    </AnsweredToolPanel>
  );
}

export const examples: UiExample[] = [
  {
    name: "a GET form the server answers (without JavaScript), and the browser once hydrated",
    render: () => <ValueCheck inBrowser />,
    shows: { pt: ["Value check", "Is the consignment within 1,000 euros?", "Check"], en: ["Value", "Check"] },
    async interact(container, lang) {
      const form = find<HTMLFormElement>(container, "form");
      // Without script: a real GET form to the page's own section, in the page's language.
      if (form.method !== "get" || !form.getAttribute("action")?.startsWith("#") || find<HTMLInputElement>(form, "input[name=lang]").value !== lang) {
        throw new Error("not a GET form of the page's language");
      }
      await click(find(form, "button[type=submit]"));
      if (!container.textContent?.includes("Within")) throw new Error("the browser did not answer");
    },
  },
];
