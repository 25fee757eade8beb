import { FirstStepsGuide } from "~/features/session/first-steps-guide";

/** The first steps page's stepper (app/routes/first-steps.tsx). */
export default FirstStepsGuide;
