import { Dialog } from "radix-ui";
import { useTranslation } from "react-i18next";

export const IMAGE_PREVIEW_SIZES = ["sm", "md", "lg", "xl"] as const;
export type ImagePreviewSize = (typeof IMAGE_PREVIEW_SIZES)[number];

export interface ImagePreviewDialogProps {
  src: string;
  alt: string;
  caption?: string;
  /** Width of the dialog: sm, md, lg or xl (SPEC §2). */
  size?: ImagePreviewSize;
  thumbnailWidth?: number;
}

/**
 * A thumbnail button that opens the image in a modal (Radix Dialog: focus trapped, Esc closes, focus
 * returns to the thumbnail), with its caption and a Close button.
 */
export function ImagePreviewDialog({ src, alt, caption, size = "lg", thumbnailWidth = 320 }: ImagePreviewDialogProps) {
  const { t } = useTranslation("common");
  return (
    <Dialog.Root>
      <figure className="image-preview">
        <Dialog.Trigger className="image-preview__thumbnail" aria-label={t("imagePreview.open", { alt })}>
          <img src={src} alt="" width={thumbnailWidth} loading="lazy" decoding="async" />
        </Dialog.Trigger>
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog-content dialog-content--${size}`} data-size={size}>
          <Dialog.Title className="dialog-title">{caption ?? alt}</Dialog.Title>
          <Dialog.Description className="visually-hidden">{alt}</Dialog.Description>
          <img src={src} alt={alt} className="dialog-image" />
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">{t("actions.close")}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
