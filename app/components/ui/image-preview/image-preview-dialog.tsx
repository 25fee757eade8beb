import { useEffect, useId } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLanguage } from "~/i18n/use-language";
import { IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN, IMAGE_ZOOM_READABLE_SCALE, IMAGE_ZOOM_STEPS } from "./image-zoom";
import { IMAGE_PREVIEW_ATTRIBUTE, enhanceImagePreviews } from "./image-preview-script";

export const IMAGE_PREVIEW_SIZES = ["sm", "md", "lg", "xl"] as const;
export type ImagePreviewSize = (typeof IMAGE_PREVIEW_SIZES)[number];

export interface ImagePreviewDialogProps {
  src: string;
  alt: string;
  caption?: string;
  /** Width of the dialog on a wide screen: sm, md, lg or xl. On a phone it fills the screen. */
  size?: ImagePreviewSize;
  thumbnailWidth?: number;
}

/**
 * A thumbnail that opens the image in a modal, built on the platform: the thumbnail is a link to the
 * image (without scripts the browser shows and zooms the image itself), and the dialog is a closed
 * `<dialog>` with the caption, zoom controls and a Close button (`<form method="dialog">`). The page's
 * small enhancement (image-preview-script.ts, added by the server to pages with a preview) opens it
 * with `showModal()`: Escape closes it, focus returns to the thumbnail, and the zoom works. No React
 * is needed in the browser, so pages of text with a preview are not hydrated.
 */
export function ImagePreviewDialog({ src, alt, caption, size = "lg", thumbnailWidth = 320 }: ImagePreviewDialogProps) {
  const { t } = useTranslation("common");
  const { t: tUi } = useTranslation("ui");
  const id = useId();
  const dialogId = `image-preview${id.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const titleId = `${dialogId}-title`;
  const descriptionId = `${dialogId}-description`;
  // Shown in a hydrated page after a navigation in the browser: the server's script is not there then.
  useEffect(() => enhanceImagePreviews({ min: IMAGE_ZOOM_MIN, max: IMAGE_ZOOM_MAX, steps: IMAGE_ZOOM_STEPS, readable: IMAGE_ZOOM_READABLE_SCALE }), []);
  const lang = useLanguage();
  const fitted = tUi("imagePreview.zoomLevel", {
    percent: new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(IMAGE_ZOOM_MIN),
  });
  return (
    <>
      <figure className="image-preview">
        <a
          href={src}
          className="image-preview__thumbnail"
          aria-haspopup="dialog"
          {...{ [IMAGE_PREVIEW_ATTRIBUTE]: dialogId }}
        >
          {/* The image is the link's only content, so its alt text is the link's name: what the link does. */}
          <img src={src} alt={t("imagePreview.open", { alt })} width={thumbnailWidth} loading="lazy" decoding="async" />
        </a>
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
      <dialog
        id={dialogId}
        className={`dialog-content dialog-content--${size} image-dialog`}
        data-size={size}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <h2 id={titleId} className="dialog-title">
          {caption ?? alt}
        </h2>
        <p id={descriptionId} className="visually-hidden">
          {alt}
        </p>
        <div className="image-zoom">
          <div className="image-zoom__toolbar" role="group" aria-label={tUi("imagePreview.zoomControls")}>
            {/* aria-disabled, not disabled: a button that disables itself would drop the keyboard focus. */}
            <ZoomButton action="out" label={tUi("imagePreview.zoomOut")} symbol="−" atLimit />
            <ZoomButton action="in" label={tUi("imagePreview.zoomIn")} symbol="+" atLimit={false} />
            <ZoomButton action="reset" label={tUi("imagePreview.zoomReset")} atLimit />
            <output className="image-zoom__level" aria-live="polite" data-template={tUi("imagePreview.zoomLevel", { percent: "{percent}" })}>
              {fitted}
            </output>
          </div>
          {/* The focused, scrollable picture takes + - 0 as shortcuts of the buttons above (which stay the way in). */}
          <div
            className="image-zoom__viewport"
            role="region"
            aria-label={tUi("imagePreview.viewport")}
            // Focusable so that the keyboard can scroll the zoomed image and use + - 0 (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            data-zoom={IMAGE_ZOOM_MIN}
          >
            <img src={src} alt={alt} className="image-zoom__image" draggable={false} loading="lazy" decoding="async" />
          </div>
        </div>
        <form method="dialog" className="dialog-actions">
          <button type="submit" className="button button--secondary">
            {t("actions.close")}
          </button>
        </form>
      </dialog>
    </>
  );
}

function ZoomButton({ action, label, symbol, atLimit }: { action: "in" | "out" | "reset"; label: string; symbol?: string; atLimit: boolean }) {
  return (
    <button type="button" className="button button--secondary image-zoom__button" data-zoom={action} aria-disabled={atLimit || undefined}>
      {symbol ? (
        <span className="image-zoom__symbol" aria-hidden="true">
          {symbol}
        </span>
      ) : null}
      {label}
    </button>
  );
}
