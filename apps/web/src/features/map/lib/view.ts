/**
 * The map's pan and zoom as a transform: screen = projected * k + (x, y). Pure, so wheel, drag,
 * buttons and keys all go through the same clamping: the world never leaves the frame.
 */
export type View = { k: number; x: number; y: number };
export const identity: View = { k: 1, x: 0, y: 0 };
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 16;

export function clampView(view: View, width: number, height: number): View {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k));
  const x = Math.min(0, Math.max(width - width * k, view.x));
  const y = Math.min(0, Math.max(height - height * k, view.y));
  return { k, x, y };
}

/** Zooms by `factor` keeping the screen point (cx, cy) where it is. */
export function zoomAt(view: View, factor: number, cx: number, cy: number, width: number, height: number): View {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k * factor));
  const ratio = k / view.k;
  return clampView({ k, x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio }, width, height);
}

export const panBy = (view: View, dx: number, dy: number, width: number, height: number): View =>
  clampView({ ...view, x: view.x + dx, y: view.y + dy }, width, height);

/** Centres the projected point (px, py) at zoom k. */
export const centreOn = (px: number, py: number, k: number, width: number, height: number): View =>
  clampView({ k, x: width / 2 - px * k, y: height / 2 - py * k }, width, height);
