import { describe, expect, it } from "vitest";
import { IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN, IMAGE_ZOOM_READABLE_SCALE, clampZoom, openingZoom, scrollKeepingFocus, zoomIn, zoomOut, zoomedSize } from "./image-zoom";

describe("image zoom", () => {
  it("steps up and down through the levels, from any zoom, and stops at the limits", () => {
    expect(zoomIn(1)).toBe(1.5);
    expect(zoomIn(1.7)).toBe(2);
    expect(zoomIn(1.995)).toBe(3);
    expect(zoomIn(IMAGE_ZOOM_MAX)).toBe(IMAGE_ZOOM_MAX);
    expect(zoomOut(2)).toBe(1.5);
    expect(zoomOut(2.6)).toBe(2);
    expect(zoomOut(IMAGE_ZOOM_MIN)).toBe(IMAGE_ZOOM_MIN);
  });

  it("clamps a pinch to the limits", () => {
    expect(clampZoom(0.3)).toBe(IMAGE_ZOOM_MIN);
    expect(clampZoom(9)).toBe(IMAGE_ZOOM_MAX);
    expect(clampZoom(2.25)).toBe(2.25);
    expect(clampZoom(Number.NaN)).toBe(IMAGE_ZOOM_MIN);
  });

  it("fits the image in the box keeping its proportions, then scales it", () => {
    // A wide diagram in a phone's portrait box: as wide as the box.
    expect(zoomedSize({ width: 1000, height: 220 }, { width: 390, height: 600 }, 1)).toEqual({ width: 390, height: 85 });
    expect(zoomedSize({ width: 1000, height: 220 }, { width: 390, height: 600 }, 2)).toEqual({ width: 780, height: 171 });
    // A tall one in a wide box: as high as the box, and enlarged beyond its natural size.
    expect(zoomedSize({ width: 640, height: 480 }, { width: 1200, height: 600 }, 1)).toEqual({ width: 800, height: 600 });
    expect(zoomedSize({ width: 0, height: 0 }, { width: 100, height: 100 }, 1)).toBeNull();
  });

  it("keeps the point under the focus in place", () => {
    // Centre of a 400 px box, scrolled 0, zoom 1 -> 2: the point at 200 moves to 400, so scroll by 200.
    expect(scrollKeepingFocus(0, 200, 1, 2)).toBe(200);
    expect(scrollKeepingFocus(200, 200, 2, 1)).toBe(0);
    expect(scrollKeepingFocus(0, 0, 2, 1)).toBe(0);
  });

  it("opens fitted where that keeps the picture readable, else at the first step that makes it so (a wide diagram on a phone)", () => {
    const diagram = { width: 1000, height: 220 };
    // A desktop dialog: fitted, 0.8 of its own size.
    expect(openingZoom(diagram, { width: 800, height: 600 })).toBe(1);
    // A phone, 388 px wide: fitted would be 0.39 of its own size (its 17 px text at 6.6 px); 200% makes it 0.78.
    expect(openingZoom(diagram, { width: 388, height: 700 })).toBe(2);
    expect(2 * (388 / 1000)).toBeGreaterThanOrEqual(IMAGE_ZOOM_READABLE_SCALE);
    // So narrow that no step reaches it: the largest; nothing measured yet: fitted.
    expect(openingZoom(diagram, { width: 100, height: 700 })).toBe(IMAGE_ZOOM_MAX);
    expect(openingZoom(diagram, { width: 0, height: 0 })).toBe(1);
  });
});

