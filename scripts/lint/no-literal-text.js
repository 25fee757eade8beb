/**
 * `areaoe/no-literal-text`: no visible text written in a component (CONTRIBUTING.md, "No visible text
 * in a component"). Every text comes from the locale files through `t`, so both languages have it.
 * Reported:
 * - JSX text with a letter (`<p>Enviar</p>`), a string or template literal with a letter as a child
 *   (`<p>{"Enviar"}</p>`), also as a branch of a ternary or `&&`/`??` (`{open ? "Fechar" : "Abrir"}`);
 * - the attributes a visitor reads or hears (`alt`, `title`, `aria-label`, `placeholder`…) given such a
 *   literal, and a component's prop given one that reads as words (`<Field hint="Introduza o NIF" />`,
 *   `label="Enviar"`): a technical prop (`className`, `href`, `name`, `variant`…) or a code (`"checker"`,
 *   `"primary"`) is not text;
 * - a constant of the module (`const HINT = "…"`, or a property of a constant object) with such a
 *   literal, where it is shown as a child, a visible attribute or a prop;
 * - a missing text silenced: `t("new.key", { defaultValue: "Enviar" })` (the text in one language, in the
 *   component) or a key cast out of the typecheck (`t("new.key" as never)`, `t(key as any)`, a part of
 *   a template key cast to `any`, `never` or `unknown`). A cast of a template's part to a union of
 *   known keys (`${id as PageId}`) stays typed.
 * Allowed: symbols, digits and whitespace (`—`, `·`, `(`, `: `, `2`), and codes or names a component
 * shows as data (`{code}`). scripts/lint/no-literal-text.test.ts probes it with the real configuration.
 */
const LETTER = /\p{L}/u;
const VISIBLE_ATTRIBUTES = new Set(["alt", "title", "aria-label", "aria-description", "aria-roledescription", "aria-valuetext", "placeholder", "label"]);
/** A component's props that carry addresses, codes, classes or values, never visible text. */
const TECHNICAL_PROPS = new Set([
  "className", "style", "href", "to", "src", "srcSet", "id", "name", "type", "value", "defaultValue", "htmlFor", "key", "lang", "dir",
  "role", "rel", "target", "method", "action", "encType", "autoComplete", "inputMode", "pattern", "accept", "form", "as", "variant",
  "size", "tone", "kind", "island", "strategy", "namespace", "ns", "page", "pageId", "textKey", "icon", "level", "width", "height", "min", "max", "step",
]);
/** Words: a capital then small letters, two words, or a letter outside ASCII; not a code (`primary`, `checker-form`). */
const READS_AS_WORDS = /^\p{Lu}\p{Ll}|\p{L}[\p{L}.,!?]*\s+\p{L}|(?=\p{L})[^\p{ASCII}]/u;
const MESSAGE = "Visible text in a component: put it in the locale files (pt and en) and read it with `t`.";
const SILENCED = "A missing text silenced: add the key to the locale files (pt and en) instead of a `defaultValue` text or a cast of the key.";
const LOOSE_TYPES = new Set(["TSAnyKeyword", "TSNeverKeyword", "TSUnknownKeyword"]);

const literalText = (node) =>
  (node.type === "Literal" && typeof node.value === "string" ? node.value : null) ??
  (node.type === "TemplateLiteral" ? node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(" ") : null);

const hasLetter = (node) => LETTER.test(literalText(node) ?? "");

/** The literal a constant of the module holds (`const A = "…"`, `const A = { b: "…" }` read as `A.b`). */
function constantValue(context, node) {
  const identifier = node.type === "Identifier" ? node : node.type === "MemberExpression" && node.object.type === "Identifier" ? node.object : null;
  if (!identifier) return null;
  let scope = context.sourceCode.getScope(node);
  let variable = null;
  while (scope && !variable) {
    variable = scope.set.get(identifier.name) ?? null;
    scope = scope.upper;
  }
  const declarator = variable?.defs[0]?.node;
  if (declarator?.type !== "VariableDeclarator" || declarator.parent.kind !== "const" || !declarator.init) return null;
  let init = declarator.init;
  while (init.type === "TSAsExpression" || init.type === "TSSatisfiesExpression") init = init.expression;
  if (node.type === "Identifier") return init;
  if (init.type !== "ObjectExpression" || node.computed || node.property.type !== "Identifier") return null;
  const property = init.properties.find((entry) => entry.type === "Property" && !entry.computed && (entry.key.name ?? entry.key.value) === node.property.name);
  return property?.value ?? null;
}

/** The literals an expression shows: itself, a ternary's or a logical's branches, a constant's value. */
function shownLiterals(context, node, depth = 0) {
  if (!node || depth > 4) return [];
  if (node.type === "Literal" || node.type === "TemplateLiteral") return [node];
  if (node.type === "ConditionalExpression") return [...shownLiterals(context, node.consequent, depth + 1), ...shownLiterals(context, node.alternate, depth + 1)];
  if (node.type === "LogicalExpression") return [...shownLiterals(context, node.left, depth + 1), ...shownLiterals(context, node.right, depth + 1)];
  if (node.type === "Identifier" || node.type === "MemberExpression") return shownLiterals(context, constantValue(context, node), depth + 1);
  return [];
}

const isChild = (node) => node.parent && (node.parent.type === "JSXElement" || node.parent.type === "JSXFragment");
const isComponent = (opening) => opening.name.type === "JSXMemberExpression" || (opening.name.type === "JSXIdentifier" && /^[A-Z]/.test(opening.name.name));
const isT = (callee) => (callee.type === "Identifier" && callee.name === "t") || (callee.type === "MemberExpression" && !callee.computed && callee.property.name === "t");

/** `t(key as never)`, `t(key as any)`, `t(<never>key)`, `t(key!)`, or a template part cast to a loose type. */
function castKey(argument) {
  if (!argument) return false;
  if (argument.type === "TSNonNullExpression" || argument.type === "TSTypeAssertion") return true;
  if (argument.type === "TSAsExpression") return true;
  return argument.type === "TemplateLiteral" && argument.expressions.some((part) => part.type === "TSAsExpression" && LOOSE_TYPES.has(part.typeAnnotation.type));
}

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
        if (isChild(node) && shownLiterals(context, node.expression).some(hasLetter)) context.report({ node, message: MESSAGE });
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : `${node.name.namespace.name}:${node.name.name.name}`;
        if (!node.value) return;
        const value = node.value.type === "JSXExpressionContainer" ? node.value.expression : node.value;
        const literals = shownLiterals(context, value);
        if (VISIBLE_ATTRIBUTES.has(name)) {
          if (literals.some(hasLetter)) context.report({ node, message: MESSAGE });
          return;
        }
        if (!isComponent(node.parent) || TECHNICAL_PROPS.has(name) || /^(data|aria)-|^on[A-Z]/.test(name)) return;
        if (literals.some((literal) => READS_AS_WORDS.test(literalText(literal) ?? ""))) context.report({ node, message: MESSAGE });
      },
      CallExpression(node) {
        if (!isT(node.callee)) return;
        const [key, options] = node.arguments;
        if (castKey(key)) context.report({ node: key, message: SILENCED });
        if (options?.type !== "ObjectExpression") return;
        for (const property of options.properties) {
          if (property.type !== "Property" || property.computed || (property.key.name ?? property.key.value) !== "defaultValue") continue;
          if (shownLiterals(context, property.value).some(hasLetter)) context.report({ node: property, message: SILENCED });
        }
      },
    };
  },
};

export default { rules: { "no-literal-text": noLiteralText } };
