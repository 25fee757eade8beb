/**
 * The first steps, in the one order the portal tells them everywhere: the first-steps page's stepper
 * (app/features/session/first-steps-guide.tsx), its sections, the home page's diagram
 * (public/diagrams/getting-started-*.svg, written from this list by scripts/build/diagrams/getting-started.ts)
 * and the web services journey (app/config/journeys.ts). Registration on the finance portal comes first:
 * the GUE is the finance portal's user management, where the holder of a NIF who has signed in with the
 * finance portal's credentials creates the users (NIF/UserID) and grants their profiles.
 * scripts/checks/content/first-steps-order.test.ts holds them together.
 */
export const FIRST_STEPS = ["financePortal", "gue", "testCertificate", "testCalls", "production"] as const;

export type FirstStepId = (typeof FIRST_STEPS)[number];
