import { Dialog } from "radix-ui";
import { useTranslation } from "../../i18n/use-translation";
import { useHydrated } from "./use-hydrated";
import { ZoomableImage } from "./zoomable-image";

export const IMAGE_PREVIEW_SIZES = ["sm", "md", "lg", "xl"] as const;
export type ImagePreviewSize = (typeof IMAGE_PREVIEW_SIZES)[number];

export interface ImagePreviewDialogProps {
  src: string;
  alt: string;
  caption?: string;
  /** Width of the dialog on a wide screen: sm, md, lg or xl (SPEC §2). On a phone it fills the screen. */
  size?: ImagePreviewSize;
  thumbnailWidth?: number;
}

/**
 * A thumbnail button that opens the image in a modal (Radix Dialog: focus trapped, Esc closes, focus
 * returns to the thumbnail), with its caption, zoom controls and a Close button. The image fills the
 * dialog's picture box, which takes the whole screen on a phone. Until scripts run, the thumbnail is a
 * plain link to the image itself, which the browser shows (and zooms) on its own.
 */
export function ImagePreviewDialog({ src, alt, caption, size = "lg", thumbnailWidth = 320 }: ImagePreviewDialogProps) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const label = t("imagePreview.open", { alt });
  const thumbnail = <img src={src} alt="" width={thumbnailWidth} loading="lazy" decoding="async" />;
  const figcaption = caption ? <figcaption>{caption}</figcaption> : null;
  if (!hydrated) {
    return (
      <figure className="image-preview">
        <a href={src} className="image-preview__thumbnail" aria-label={label}>
          {thumbnail}
        </a>
        {figcaption}
      </figure>
    );
  }
  return (
    <Dialog.Root>
      <figure className="image-preview">
        <Dialog.Trigger className="image-preview__thumbnail" aria-label={label}>
          {thumbnail}
        </Dialog.Trigger>
        {figcaption}
      </figure>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog-content dialog-content--${size} image-dialog`} data-size={size}>
          <Dialog.Title className="dialog-title">{caption ?? alt}</Dialog.Title>
          <Dialog.Description className="visually-hidden">{alt}</Dialog.Description>
          <ZoomableImage src={src} alt={alt} />
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">{t("actions.close")}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
