import { Acronym } from "~/features/glossary/acronym";
import { Documents } from "~/features/documents/documents";
import { Download } from "~/features/documents/download-facts";
import { FaultCatalogue } from "~/features/fault-catalogue/fault-catalogue";
import { TimeLimits } from "~/features/time-limits/page-time-limits";
import { ImagePreviewDialog } from "~/components/ui/image-preview/image-preview-dialog";
import { AreaSystems, SystemNote } from "./area-systems";
import { Callout } from "./callout";
import { ChangeLog } from "./change-log";
import { CodeBlock } from "./code-block";
import { ConfigLink } from "./config-link";
import { ContentLink } from "./content-link";
import { Step, StepByStep } from "./journey-step";
import { SystemCard, SystemCards } from "./system-card";

/**
 * Everything a content file (content/<lang>/<page-id>.mdx) may use. The app layer wires features in
 * here so that features never import each other. Every component is rendered by the server only (React
 * Router runs in the browser no more: docs/decisions/0020), so none of them costs a page any JavaScript;
 * a widget that needs script is an island (app/islands/island.tsx), placed by its page's route module, as
 * are the widgets answered by their page's loader (the IVAExp check, the certificate renewal planner).
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
  ImagePreview: ImagePreviewDialog,
  pre: CodeBlock,
  Step,
  StepByStep,
  SystemCard,
  SystemCards,
  SystemNote,
  TimeLimits,
};
