/** Zoom of the image-preview dialog, as a multiple of the size that fits the dialog (1 = fit). */
export const IMAGE_ZOOM_MIN = 1;
export const IMAGE_ZOOM_MAX = 4;
/** The levels the zoom buttons and keys step through. */
export const IMAGE_ZOOM_STEPS: readonly number[] = [1, 1.5, 2, 3, 4];

/** Keeps a zoom (for example from a pinch) within the limits. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return IMAGE_ZOOM_MIN;
  return Math.min(Math.max(zoom, IMAGE_ZOOM_MIN), IMAGE_ZOOM_MAX);
}

// A pinch can leave the zoom a hair off a step; within this it counts as on the step.
const EPSILON = 0.01;

/** The next step up from any zoom, or the maximum. */
export function zoomIn(zoom: number): number {
  return IMAGE_ZOOM_STEPS.find((step) => step > zoom + EPSILON) ?? IMAGE_ZOOM_MAX;
}

/** The next step down from any zoom, or the minimum. */
export function zoomOut(zoom: number): number {
  return [...IMAGE_ZOOM_STEPS].reverse().find((step) => step < zoom - EPSILON) ?? IMAGE_ZOOM_MIN;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The image's size at a zoom: at 1 it is as large as the box allows while keeping its proportions
 * (larger than its natural size if the box is larger: the diagrams are vector images).
 */
export function zoomedSize(natural: Size, box: Size, zoom: number): Size | null {
  if (natural.width <= 0 || natural.height <= 0 || box.width <= 0 || box.height <= 0) return null;
  const fit = Math.min(box.width / natural.width, box.height / natural.height);
  const scale = fit * clampZoom(zoom);
  return { width: Math.floor(natural.width * scale), height: Math.floor(natural.height * scale) };
}

/**
 * The scroll position that keeps the point under `focus` (a point in the box, in px) in place when the
 * zoom changes from `from` to `to`.
 */
export function scrollKeepingFocus(scroll: number, focus: number, from: number, to: number): number {
  return Math.max(0, ((scroll + focus) * to) / from - focus);
}

/**
 * The smallest scale of a picture's own size at which its text still reads: the diagrams are drawn with
 * 14–17 px text at their own size, so at three quarters of it their smallest text is about 11 px.
 */
export const IMAGE_ZOOM_READABLE_SCALE = 0.75;

/**
 * The zoom a preview opens at: fitted (1) when that keeps the picture readable, as on a desktop; else
 * (a wide diagram on a phone, where fitting would shrink its text to a few pixels) the first step that
 * reaches the readable scale, or the largest. The dialog's script (image-preview-script.ts) does the
 * same, from the same constants.
 */
export function openingZoom(natural: Size, box: Size, steps: readonly number[] = IMAGE_ZOOM_STEPS, readable = IMAGE_ZOOM_READABLE_SCALE): number {
  if (natural.width <= 0 || natural.height <= 0 || box.width <= 0 || box.height <= 0) return IMAGE_ZOOM_MIN;
  const wanted = readable / Math.min(box.width / natural.width, box.height / natural.height);
  if (wanted <= IMAGE_ZOOM_MIN) return IMAGE_ZOOM_MIN;
  return steps.find((step) => step >= wanted - EPSILON) ?? IMAGE_ZOOM_MAX;
}
