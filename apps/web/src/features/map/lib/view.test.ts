import { describe, expect, it } from "vitest";
import { centreOn, clampView, identity, MAX_ZOOM, panBy, zoomAt } from "./view";

describe("map view", () => {
  it("zooms around the given screen point", () => {
    const v = zoomAt(identity, 2, 200, 100, 800, 400);
    expect(v).toEqual({ k: 2, x: -200, y: -100 });
    // The point under the cursor stays put: (200 - x) / k is 200 before and after.
    expect((200 - v.x) / v.k).toBe(200);
  });

  it("never zooms out past the whole world or in past the limit", () => {
    expect(zoomAt(identity, 0.5, 0, 0, 800, 400)).toEqual(identity);
    expect(zoomAt({ k: 10, x: 0, y: 0 }, 4, 0, 0, 800, 400).k).toBe(MAX_ZOOM);
  });

  it("keeps the world in the frame while panning", () => {
    const zoomed = { k: 2, x: -100, y: -50 };
    expect(panBy(zoomed, 500, 500, 800, 400)).toEqual({ k: 2, x: 0, y: 0 });
    expect(panBy(zoomed, -5000, -5000, 800, 400)).toEqual({ k: 2, x: -800, y: -400 });
    expect(panBy(identity, 50, 50, 800, 400)).toEqual(identity);
  });

  it("centres a point, as far as the edges allow", () => {
    expect(centreOn(400, 200, 4, 800, 400)).toEqual({ k: 4, x: -1200, y: -600 });
    expect(centreOn(0, 0, 4, 800, 400)).toEqual({ k: 4, x: 0, y: 0 });
    expect(clampView({ k: 0.2, x: 10, y: 10 }, 800, 400)).toEqual(identity);
  });
});
