/**
 * `areaoe/no-literal-text`: no visible text written in a component (CONTRIBUTING.md, "No visible text
 * in a component"). Every text comes from the locale files through `t`, so both languages have it.
 * Reported: JSX text with a letter (`<p>Enviar</p>`), a string or template literal with a letter as a
 * child (`<p>{"Enviar"}</p>`), and the attributes a visitor reads or hears (`alt`, `title`,
 * `aria-label`, `placeholder`…) given a literal with a letter. Allowed: symbols, digits and
 * whitespace (`—`, `·`, `(`, `: `, `2`), and codes or names a component shows as data (`{code}`).
 * scripts/lint/no-literal-text.test.ts probes it with the real configuration.
 */
const LETTER = /\p{L}/u;
const VISIBLE_ATTRIBUTES = new Set(["alt", "title", "aria-label", "aria-description", "aria-roledescription", "aria-valuetext", "placeholder", "label"]);
const MESSAGE = "Visible text in a component: put it in the locale files (pt and en) and read it with `t`.";

const hasLetter = (node) =>
  (node.type === "Literal" && typeof node.value === "string" && LETTER.test(node.value)) ||
  (node.type === "TemplateLiteral" && node.quasis.some((quasi) => LETTER.test(quasi.value.cooked ?? quasi.value.raw)));

const isChild = (node) => node.parent && (node.parent.type === "JSXElement" || node.parent.type === "JSXFragment");

/** @type {import("eslint").Rule.RuleModule} */
export const noLiteralText = {
  meta: {
    type: "problem",
    docs: { description: "Visible text comes from the locale files, not from the component." },
    schema: [],
  },
  create(context) {
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) context.report({ node, message: MESSAGE });
      },
      JSXExpressionContainer(node) {
        if (isChild(node) && hasLetter(node.expression)) context.report({ node, message: MESSAGE });
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : `${node.name.namespace.name}:${node.name.name.name}`;
        if (!VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === "JSXExpressionContainer" ? node.value.expression : node.value;
        if (hasLetter(value)) context.report({ node, message: MESSAGE });
      },
    };
  },
};

export default { rules: { "no-literal-text": noLiteralText } };
