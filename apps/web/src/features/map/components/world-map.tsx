import type { MapPoint } from "@watchfloor/shared";
import { Maximize2, Minus, Plus } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { type Cluster, clusterPoints } from "../lib/clusters";
import { centreOn, identity, MAX_ZOOM, MIN_ZOOM, panBy, type View, zoomAt } from "../lib/view";
import { MapMarker } from "./map-marker";
import { frameHeight, worldGeometry } from "./world-geometry";

const CLUSTER_RADIUS = 36;
const STEP = 1.6;

type Props = {
  points: MapPoint[];
  /** Point ids of the open selection: their marker shows as pressed. */
  selected: ReadonlySet<string>;
  onSelect: (points: MapPoint[]) => void;
};

/**
 * The SVG world with incident markers. Loaded with React.lazy: d3-geo, topojson-client and the
 * Natural Earth data live in this chunk only. Markers are HTML buttons over the SVG so they stay
 * the same size at any zoom and are reachable with Tab; the map itself pans with drag or arrow
 * keys and zooms with the wheel, double-click, +/- keys or the buttons.
 */
export default function WorldMap({ points, selected, onSelect }: Props) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const height = frameHeight(width);
  const [view, setView] = useState<View>(identity);
  const drag = useRef<{ x: number; y: number; moved: number } | null>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let last = -1;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next === last) return;
      last = next;
      setWidth(next);
      // A new frame size is a new projection: start again from the whole world.
      setView(identity);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // React's wheel handler is passive; zooming must stop the page from scrolling instead.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = frame.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002));
      setView((v) => zoomAt(v, factor, event.clientX - box.left, event.clientY - box.top, box.width, frameHeight(box.width)));
    };
    frame.addEventListener("wheel", onWheel, { passive: false });
    return () => frame.removeEventListener("wheel", onWheel);
  }, []);

  const geometry = useMemo(() => (width > 0 ? worldGeometry(width, height) : null), [width, height]);
  const projected = useMemo(
    () =>
      geometry
        ? points.flatMap((point) => {
            const xy = geometry.projection([point.lng, point.lat]);
            return xy ? [{ point, x: xy[0], y: xy[1] }] : [];
          })
        : [],
    [geometry, points],
  );
  const clusters = useMemo(
    () =>
      clusterPoints(
        projected.map((p) => ({ ...p, x: p.x * view.k + view.x, y: p.y * view.k + view.y })),
        CLUSTER_RADIUS,
      ).filter((c) => c.x > -40 && c.y > -40 && c.x < width + 40 && c.y < height + 40),
    [projected, view, width, height],
  );

  const zoomBy = (factor: number) => setView((v) => zoomAt(v, factor, width / 2, height / 2, width, height));

  const open = (cluster: Cluster) => {
    onSelect(cluster.points);
    // A cluster of places that zooming can separate opens up around its centre as well.
    const spread = projected.filter((p) => cluster.points.includes(p.point));
    const xs = spread.map((p) => p.x);
    const ys = spread.map((p) => p.y);
    const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * view.k;
    if (cluster.points.length > 1 && span > 1 && view.k < MAX_ZOOM) {
      const k = Math.min(MAX_ZOOM, Math.max(view.k * 2, (CLUSTER_RADIUS * 2.5 * view.k) / span));
      setView(centreOn((cluster.x - view.x) / view.k, (cluster.y - view.y) / view.k, k, width, height));
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest("button")) return;
    drag.current = { x: event.clientX, y: event.clientY, moved: 0 };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    drag.current = { x: event.clientX, y: event.clientY, moved: d.moved + Math.abs(dx) + Math.abs(dy) };
    setView((v) => panBy(v, dx, dy, width, height));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [80, 0],
      ArrowRight: [-80, 0],
      ArrowUp: [0, 80],
      ArrowDown: [0, -80],
    };
    const move = pan[event.key];
    if (move) setView((v) => panBy(v, move[0], move[1], width, height));
    else if (event.key === "+" || event.key === "=") zoomBy(STEP);
    else if (event.key === "-" || event.key === "_") zoomBy(1 / STEP);
    else if (event.key === "0") setView(identity);
    else return;
    event.preventDefault();
  };

  const control =
    "inline-flex size-8 items-center justify-center bg-white sm:size-9 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:disabled:text-slate-600 focus-visible:relative focus-visible:outline-2 focus-visible:outline-sky-600";

  return (
    <div className="relative">
      <div
        ref={frameRef}
        // An application: once focused, the map takes arrow and +/- keys itself (announced in its label).
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map pans and zooms with keys, so it must take focus
        tabIndex={0}
        aria-label="World map of incidents. Arrow keys pan, plus and minus zoom, 0 shows the whole world; Tab reaches each marker."
        aria-roledescription="map"
        data-testid="world-map"
        data-zoom={view.k.toFixed(2)}
        className={cn(
          "relative overflow-hidden rounded-lg bg-sky-50 outline-none select-none focus-visible:ring-2 focus-visible:ring-sky-600 dark:bg-slate-950",
          view.k > 1 ? "cursor-grab touch-none active:cursor-grabbing" : "touch-pan-y",
        )}
        style={{ height }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={(event) => {
          if ((event.target as Element).closest("button")) return;
          const box = event.currentTarget.getBoundingClientRect();
          setView((v) => zoomAt(v, 2, event.clientX - box.left, event.clientY - box.top, width, height));
        }}
        onKeyDown={onKeyDown}
      >
        {geometry && (
          <svg width={width} height={height} aria-hidden className="absolute inset-0 block">
            <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
              <path
                d={geometry.graticule}
                fill="none"
                vectorEffect="non-scaling-stroke"
                className="stroke-sky-200/70 dark:stroke-slate-800/70"
                strokeWidth={0.5}
              />
              {geometry.land.map((country) => (
                <path key={country.id} d={country.d} className="fill-slate-300 dark:fill-slate-700" />
              ))}
              <path
                d={geometry.borders}
                fill="none"
                vectorEffect="non-scaling-stroke"
                strokeWidth={0.7}
                className="stroke-white/90 dark:stroke-slate-900"
              />
            </g>
          </svg>
        )}
        <ul aria-label="Incident locations" className="absolute inset-0">
          {clusters.map((cluster) => (
            <li key={cluster.id}>
              <MapMarker
                cluster={cluster}
                pressed={cluster.points.some((p) => selected.has(p.id))}
                onOpen={() => open(cluster)}
              />
            </li>
          ))}
        </ul>
      </div>
      <div className="absolute top-3 right-3 z-20 flex flex-col divide-y divide-slate-200 overflow-hidden rounded-md border border-slate-200 shadow-sm dark:divide-slate-700 dark:border-slate-700">
        <button type="button" className={control} aria-label="Zoom in" disabled={view.k >= MAX_ZOOM} onClick={() => zoomBy(STEP)}>
          <Plus aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className={control}
          aria-label="Zoom out"
          disabled={view.k <= MIN_ZOOM}
          onClick={() => zoomBy(1 / STEP)}
        >
          <Minus aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className={control}
          aria-label="Show the whole world"
          disabled={view.k <= MIN_ZOOM}
          onClick={() => setView(identity)}
        >
          <Maximize2 aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
