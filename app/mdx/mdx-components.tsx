import { AreaSystems, SystemNote } from "./area-systems";
import { Callout } from "./callout";
import { CodeBlock } from "./code-block";
import { ConfigLink } from "./config-link";
import { ContentLink } from "./content-link";
import { SystemCard, SystemCards } from "./system-card";
import { lazyComponent } from "./lazy-component";

// Interactive or heavy components (Radix, TanStack, calendars, …) MUST be added through
// lazyComponent(): this map is imported by every content page, and a static import here would put
// them in every page's first-load JavaScript.
const Acronym = lazyComponent(() => import("~/features/glossary/acronym").then((m) => m.Acronym));
const ChangeLog = lazyComponent(() => import("./change-log").then((m) => m.ChangeLog));
const Documents = lazyComponent(() => import("~/features/documents/documents").then((m) => m.Documents));
const Download = lazyComponent(() => import("~/features/documents/download-facts").then((m) => m.Download));
const FaultCatalogue = lazyComponent(() => import("~/features/fault-catalogue/fault-catalogue").then((m) => m.FaultCatalogue));
const StepByStep = lazyComponent(() => import("./journey-step").then((m) => m.StepByStep));
const Step = lazyComponent(() => import("./journey-step").then((m) => m.Step));
const TimeLimits = lazyComponent(() => import("~/features/time-limits/page-time-limits").then((m) => m.TimeLimits));
const ImagePreview = lazyComponent(() =>
  import("~/components/ui/image-preview/image-preview-dialog").then((m) => m.ImagePreviewDialog),
);

/**
 * Everything a content file (content/<lang>/<page-id>.mdx) may use. The app layer wires features in
 * here so that features never import each other. Widgets answered by their page's loader (the IVAExp
 * check, the certificate renewal planner) are added by that page's route module instead.
 */
export const mdxComponents = {
  a: ContentLink,
  Acronym,
  AreaSystems,
  Callout,
  ChangeLog,
  ConfigLink,
  Documents,
  Download,
  FaultCatalogue,
  ImagePreview,
  pre: CodeBlock,
  Step,
  StepByStep,
  SystemCard,
  SystemCards,
  SystemNote,
  TimeLimits,
};
