// Component tests opt into jsdom with a `// @vitest-environment jsdom` docblock; jest-dom matchers are
// harmless in node tests.
import "@testing-library/jest-dom/vitest";
