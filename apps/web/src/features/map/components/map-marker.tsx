import { categoryRing, categoryStyle } from "../lib/categories";
import { type Cluster, markerSize } from "../lib/clusters";

const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/** What a screen reader hears for a marker; sighted people see the same in its title. */
export function markerLabel(cluster: Cluster): string {
  const [only] = cluster.points;
  if (cluster.points.length === 1 && only) return `${only.name}, ${only.category}: ${plural(cluster.count, "incident")}`;
  const parts = cluster.categories.map((c) => `${c.category} ${c.count}`).join(", ");
  return `${plural(cluster.points.length, "location")} grouped: ${plural(cluster.count, "incident")} (${parts})`;
}

/**
 * One location, or several that overlap at this zoom: a disc in the category's colour with the
 * incident count, or a ring of category shares around the count when categories mix.
 */
export function MapMarker({ cluster, pressed, onOpen }: { cluster: Cluster; pressed: boolean; onOpen: () => void }) {
  const size = markerSize(cluster.count);
  const [single] = cluster.categories;
  const mixed = cluster.categories.length > 1 || !single;
  const style = single ? categoryStyle[single.category] : null;
  const label = markerLabel(cluster);
  return (
    <button
      type="button"
      data-testid="map-marker"
      data-count={cluster.count}
      data-category={mixed ? "mixed" : single.category}
      data-locations={cluster.points.length}
      data-names={cluster.points.map((p) => p.name).join("|")}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onClick={onOpen}
      className="absolute flex items-center justify-center rounded-full font-semibold tabular-nums shadow-md ring-2 ring-white transition-transform hover:z-10 hover:scale-110 focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 aria-pressed:z-10 aria-pressed:ring-4 aria-pressed:ring-sky-500 motion-reduce:transition-none dark:ring-slate-950 dark:aria-pressed:ring-sky-400"
      style={{
        width: size,
        height: size,
        left: cluster.x - size / 2,
        top: cluster.y - size / 2,
        fontSize: size < 28 ? 11 : 12,
        background: mixed ? categoryRing(cluster.categories) : style?.fill,
        color: style?.text,
      }}
    >
      {mixed ? (
        <span className="flex size-[calc(100%-8px)] items-center justify-center rounded-full bg-white text-slate-900 dark:bg-slate-900 dark:text-white">
          {cluster.count}
        </span>
      ) : (
        cluster.count
      )}
    </button>
  );
}
