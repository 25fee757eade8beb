import { IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN, IMAGE_ZOOM_READABLE_SCALE, IMAGE_ZOOM_STEPS } from "./image-zoom";

/**
 * The image preview's one small enhancement. The server renders the thumbnail as a link to the image
 * and the dialog as a closed `<dialog>` (image-preview-dialog.tsx): without scripts the link shows
 * the image itself. This script, the page's only module script (inline, allowed by its CSP hash on a
 * page of text, added by the server only to pages that have a preview), turns a click on the thumbnail into
 * `showModal()` (Escape and the Close button close it, focus returns to the thumbnail) and runs the
 * zoom: buttons, the keys + - 0 on the focused picture and a two-finger pinch.
 *
 * It is never bundled: `imagePreviewScript()` writes this function's own source into the page, so it
 * must not use anything from outside its body (its settings come as the argument).
 */
export const IMAGE_PREVIEW_ATTRIBUTE = "data-image-preview";
/** Marks the server's `<script>`, so tests can tell it from framework scripts. */
export const IMAGE_PREVIEW_SCRIPT_ATTRIBUTE = "data-enhancement";

export interface ImagePreviewSettings {
  min: number;
  max: number;
  steps: readonly number[];
  /** The scale of the picture's own size below which it does not open (image-zoom.ts, `openingZoom`). */
  readable: number;
}

export function enhanceImagePreviews({ min, max, steps, readable }: ImagePreviewSettings): void {
  const flag = "__areaoeImagePreviews";
  const scope = window as unknown as Record<string, boolean>;
  if (scope[flag]) return;
  scope[flag] = true;
  const near = 0.01;
  const clamp = (zoom: number) => (Number.isFinite(zoom) ? Math.min(Math.max(zoom, min), max) : min);
  const zoomIn = (zoom: number) => steps.find((step) => step > zoom + near) ?? max;
  const zoomOut = (zoom: number) => [...steps].reverse().find((step) => step < zoom - near) ?? min;
  const percent = new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "percent", maximumFractionDigits: 0 });
  type Zoom = { set: (next: number, x?: number, y?: number) => void; fit: () => void; get: () => number; open: () => void };
  const zooms = new WeakMap<HTMLDialogElement, Zoom>();

  function zoomOf(dialog: HTMLDialogElement): Zoom | undefined {
    const known = zooms.get(dialog);
    if (known) return known;
    const viewport = dialog.querySelector<HTMLElement>(".image-zoom__viewport");
    const image = viewport?.querySelector("img");
    const level = dialog.querySelector<HTMLElement>(".image-zoom__level");
    if (!viewport || !image || !level) return undefined;
    const template = level.dataset.template ?? "{percent}";
    let zoom = min;
    // Just opened: the first fit with the picture and its box measured picks the opening zoom
    // (openingZoom in image-zoom.ts: fitted, unless that makes the picture unreadably small).
    let opening = false;
    const fit = () => {
      const [width, height, boxWidth, boxHeight] = [image.naturalWidth, image.naturalHeight, viewport.clientWidth, viewport.clientHeight];
      if (width > 0 && height > 0 && boxWidth > 0 && boxHeight > 0) {
        const fitted = Math.min(boxWidth / width, boxHeight / height);
        if (opening) {
          opening = false;
          const wanted = readable / fitted;
          zoom = wanted <= min ? min : (steps.find((step) => step >= wanted - near) ?? max);
        }
        const scale = fitted * zoom;
        image.style.width = `${Math.floor(width * scale)}px`;
        image.style.height = `${Math.floor(height * scale)}px`;
      }
      level.textContent = template.replace("{percent}", percent.format(zoom));
      viewport.dataset.zoom = String(zoom);
      for (const button of dialog.querySelectorAll<HTMLElement>("[data-zoom]")) {
        const action = button.dataset.zoom;
        const atLimit = action === "out" ? zoom <= min : action === "in" ? zoom >= max : zoom === min;
        if (atLimit) button.setAttribute("aria-disabled", "true");
        else button.removeAttribute("aria-disabled");
      }
    };
    const set = (next: number, x = viewport.clientWidth / 2, y = viewport.clientHeight / 2) => {
      const from = zoom;
      zoom = clamp(next);
      if (zoom === from) return;
      fit();
      // Keep the point under the focus (centre, or the pinch) in place.
      viewport.scrollLeft = Math.max(0, ((viewport.scrollLeft + x) * zoom) / from - x);
      viewport.scrollTop = Math.max(0, ((viewport.scrollTop + y) * zoom) / from - y);
    };
    image.addEventListener("load", fit);
    new ResizeObserver(fit).observe(viewport);
    viewport.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key;
      const next = key === "+" || key === "=" ? zoomIn(zoom) : key === "-" ? zoomOut(zoom) : key === "0" ? min : null;
      if (next === null) return;
      event.preventDefault();
      set(next);
    });
    // Pinch: touch events, because the box lets the browser pan and a panning browser cancels pointers.
    let pinch: { distance: number; zoom: number } | null = null;
    const spread = (event: TouchEvent) => {
      const [a, b] = [event.touches[0]!, event.touches[1]!];
      const box = viewport.getBoundingClientRect();
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        x: (a.clientX + b.clientX) / 2 - box.left,
        y: (a.clientY + b.clientY) / 2 - box.top,
      };
    };
    viewport.addEventListener("touchstart", (event) => {
      if (event.touches.length === 2) pinch = { distance: spread(event).distance, zoom };
    }, { passive: true });
    viewport.addEventListener("touchmove", (event) => {
      if (!pinch || event.touches.length !== 2 || pinch.distance === 0) return;
      if (event.cancelable) event.preventDefault();
      const now = spread(event);
      set((pinch.zoom * now.distance) / pinch.distance, now.x, now.y);
    }, { passive: false });
    const end = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
    };
    viewport.addEventListener("touchend", end);
    viewport.addEventListener("touchcancel", end);
    const open = () => {
      zoom = min;
      opening = true;
      fit();
      // From the picture's start (top left), where a diagram begins.
      viewport.scrollLeft = 0;
      viewport.scrollTop = 0;
    };
    const made: Zoom = { set, fit, get: () => zoom, open };
    zooms.set(dialog, made);
    return made;
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>("dialog [data-zoom]");
    if (button) {
      const dialog = button.closest("dialog")!;
      const zoom = zoomOf(dialog);
      const action = button.dataset.zoom;
      if (zoom) zoom.set(action === "in" ? zoomIn(zoom.get()) : action === "out" ? zoomOut(zoom.get()) : min);
      return;
    }
    const thumbnail = target?.closest<HTMLAnchorElement>("a[data-image-preview]");
    if (!thumbnail || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const dialog = document.getElementById(thumbnail.dataset.imagePreview ?? "");
    if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== "function") return;
    event.preventDefault();
    const zoom = zoomOf(dialog);
    dialog.addEventListener("close", () => thumbnail.focus(), { once: true });
    dialog.showModal();
    zoom?.open();
  });
}

let source: string | undefined;

/** The module's text, the same for every page of a build (what a CSP hash covers). */
export function imagePreviewSource(): string {
  const settings: ImagePreviewSettings = { min: IMAGE_ZOOM_MIN, max: IMAGE_ZOOM_MAX, steps: IMAGE_ZOOM_STEPS, readable: IMAGE_ZOOM_READABLE_SCALE };
  source ??= `(${enhanceImagePreviews.toString()})(${JSON.stringify(settings)})`.replace(/<\//g, "<\\/");
  return source;
}

/**
 * The inline module the server adds to a page with an image preview: with the page's CSP nonce, or
 * none on a static document (its policy allows the module by the hash of `imagePreviewSource()`).
 */
export function imagePreviewScript(nonce?: string): string {
  const attribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  return `<script type="module"${attribute} ${IMAGE_PREVIEW_SCRIPT_ATTRIBUTE}="image-preview">${imagePreviewSource()}</script>`;
}
