// Component tests opt into jsdom with a `// @vitest-environment jsdom` docblock; jest-dom matchers are
// harmless in node tests.
import "@testing-library/jest-dom/vitest";
// Tests read texts as the server does: every language in memory, in the default i18next instance too.
import "./app/i18n/create-i18n";
