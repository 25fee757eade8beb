// Component tests opt into jsdom with a `// @vitest-environment jsdom` docblock; jest-dom matchers are
// harmless in node tests.
import "@testing-library/jest-dom/vitest";
// Tests read texts as the server does: every language in memory (the default text source too).
import "./app/i18n/server-texts";
// findBy*/waitFor give a loaded two-core machine (CI runs everything on one) more than their 1 s default.
import { configure } from "@testing-library/dom";
configure({ asyncUtilTimeout: 5_000 });
