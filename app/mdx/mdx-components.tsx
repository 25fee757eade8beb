import { ImagePreviewDialog } from "../components/ui/image-preview-dialog";
import { Callout } from "./callout";
import { ConfigLink } from "./config-link";
import { ContentLink } from "./content-link";
import { SystemCard, SystemCards } from "./system-card";
import { Documents } from "../features/documents/documents";
import { Acronym } from "../features/glossary/acronym";

/**
 * Everything a content file (content/<lang>/<page-id>.mdx) may use. The app layer wires features in
 * here so that features never import each other.
 */
export const mdxComponents = {
  a: ContentLink,
  Acronym,
  Callout,
  ConfigLink,
  Documents,
  ImagePreview: ImagePreviewDialog,
  SystemCard,
  SystemCards,
};
