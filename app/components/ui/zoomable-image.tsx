import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN, clampZoom, scrollKeepingFocus, zoomIn, zoomOut, zoomedSize, type Size } from "./image-zoom";

interface Focus {
  x: number;
  y: number;
}

/**
 * An image fitted to its box (as large as the box allows), with zoom out / zoom in / fit buttons, the
 * keys + - 0 on the focused image, and a two-finger pinch on touch screens. Zooming resizes the image
 * (it does not transform it), so the box scrolls natively: by touch, wheel, scrollbars and arrow keys.
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const { t, i18n } = useTranslation("ui");
  const viewportRef = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [box, setBox] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(IMAGE_ZOOM_MIN);
  const zoomRef = useRef(IMAGE_ZOOM_MIN);
  const pending = useRef<{ from: number; to: number; focus: Focus } | null>(null);

  const applyZoom = useCallback((next: number, focus?: Focus) => {
    const viewport = viewportRef.current;
    const from = zoomRef.current;
    const to = clampZoom(next);
    if (!viewport || to === from) return;
    zoomRef.current = to;
    pending.current = { from, to, focus: focus ?? { x: viewport.clientWidth / 2, y: viewport.clientHeight / 2 } };
    setZoom(to);
  }, []);

  // After a zoom, scroll so that the point under the focus (centre, or the pinch) stays put.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const change = pending.current;
    if (!viewport || !change) return;
    pending.current = null;
    viewport.scrollLeft = scrollKeepingFocus(viewport.scrollLeft, change.focus.x, change.from, change.to);
    viewport.scrollTop = scrollKeepingFocus(viewport.scrollTop, change.focus.y, change.from, change.to);
  }, [zoom]);

  // The box follows the dialog (rotation, window size); its client size excludes borders and scrollbars.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => setBox({ width: viewport.clientWidth, height: viewport.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);

  // Pinch: touch events, because the box lets the browser pan (touch-action: pan-x pan-y) and a
  // browser that pans cancels pointer events.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let start: { distance: number; zoom: number } | null = null;
    const spread = (event: TouchEvent) => {
      const [a, b] = [event.touches[0]!, event.touches[1]!];
      const rect = viewport.getBoundingClientRect();
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        focus: { x: (a.clientX + b.clientX) / 2 - rect.left, y: (a.clientY + b.clientY) / 2 - rect.top },
      };
    };
    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 2) start = { distance: spread(event).distance, zoom: zoomRef.current };
    };
    const onMove = (event: TouchEvent) => {
      if (!start || event.touches.length !== 2 || start.distance === 0) return;
      if (event.cancelable) event.preventDefault();
      const { distance, focus } = spread(event);
      applyZoom((start.zoom * distance) / start.distance, focus);
    };
    const onEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) start = null;
    };
    viewport.addEventListener("touchstart", onStart, { passive: true });
    viewport.addEventListener("touchmove", onMove, { passive: false });
    viewport.addEventListener("touchend", onEnd);
    viewport.addEventListener("touchcancel", onEnd);
    return () => {
      viewport.removeEventListener("touchstart", onStart);
      viewport.removeEventListener("touchmove", onMove);
      viewport.removeEventListener("touchend", onEnd);
      viewport.removeEventListener("touchcancel", onEnd);
    };
  }, [applyZoom]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const next = event.key === "+" || event.key === "=" ? zoomIn(zoom) : event.key === "-" ? zoomOut(zoom) : event.key === "0" ? IMAGE_ZOOM_MIN : null;
    if (next === null) return;
    event.preventDefault();
    applyZoom(next);
  };

  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    setNatural({ width: image.naturalWidth, height: image.naturalHeight });
  };

  const size = natural && box ? zoomedSize(natural, box, zoom) : null;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 }).format(zoom);
  return (
    <div className="image-zoom">
      <div className="image-zoom__toolbar" role="group" aria-label={t("imagePreview.zoomControls")}>
        {/* aria-disabled, not disabled: a button that disables itself would drop the keyboard focus. */}
        <ZoomButton label={t("imagePreview.zoomOut")} symbol="−" atLimit={zoom <= IMAGE_ZOOM_MIN} onPress={() => applyZoom(zoomOut(zoom))} />
        <ZoomButton label={t("imagePreview.zoomIn")} symbol="+" atLimit={zoom >= IMAGE_ZOOM_MAX} onPress={() => applyZoom(zoomIn(zoom))} />
        <ZoomButton label={t("imagePreview.zoomReset")} atLimit={zoom === IMAGE_ZOOM_MIN} onPress={() => applyZoom(IMAGE_ZOOM_MIN)} />
        <output className="image-zoom__level" aria-live="polite">
          {t("imagePreview.zoomLevel", { percent })}
        </output>
      </div>
      {/* The focused, scrollable picture takes + - 0 as shortcuts of the buttons above (which stay the way in). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={viewportRef}
        className="image-zoom__viewport"
        role="region"
        aria-label={t("imagePreview.viewport")}
        // Focusable so that the keyboard can scroll the zoomed image and use + - 0 (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-zoom={zoom}
      >
        <img
          src={src}
          alt={alt}
          className="image-zoom__image"
          draggable={false}
          onLoad={onLoad}
          style={size ? { width: size.width, height: size.height } : undefined}
        />
      </div>
    </div>
  );
}

function ZoomButton({ label, symbol, atLimit, onPress }: { label: string; symbol?: string; atLimit: boolean; onPress: () => void }) {
  return (
    <button type="button" className="button button--secondary image-zoom__button" aria-disabled={atLimit || undefined} onClick={onPress}>
      {symbol ? (
        <span className="image-zoom__symbol" aria-hidden="true">
          {symbol}
        </span>
      ) : null}
      {label}
    </button>
  );
}
