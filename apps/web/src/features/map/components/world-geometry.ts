import { type GeoProjection, geoGraticule10, geoNaturalEarth1, geoPath } from "d3-geo";
import type { Feature, FeatureCollection, MultiLineString } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import world from "world-atlas/countries-110m.json";

/**
 * Natural Earth 1:110m countries (world-atlas), bundled: nothing is fetched at run time. Parsed
 * once per page load; only this module and the map import it, so it stays in the map's chunk.
 */
const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const countries = feature(topology, topology.objects.countries) as FeatureCollection;
// Antarctica holds no sites and would take a sixth of the frame; the rest is fitted to the frame.
const ANTARCTICA = "010";
const inhabited: FeatureCollection = {
  type: "FeatureCollection",
  features: countries.features.filter((f) => f.id !== ANTARCTICA),
};
const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b) as MultiLineString;
const graticule = geoGraticule10();

export type Geometry = {
  projection: GeoProjection;
  land: { id: string; d: string }[];
  borders: string;
  graticule: string;
};

/** SVG paths for a frame of width × height, with a small margin. */
export function worldGeometry(width: number, height: number): Geometry {
  const margin = Math.max(4, Math.round(width * 0.01));
  const projection = geoNaturalEarth1().fitExtent(
    [
      [margin, margin],
      [width - margin, height - margin],
    ],
    inhabited,
  );
  const path = geoPath(projection);
  return {
    projection,
    land: inhabited.features.map((f: Feature, i) => ({ id: String(f.id ?? i), d: path(f) ?? "" })),
    borders: path(borders) ?? "",
    graticule: path(graticule) ?? "",
  };
}

/** Frame height for a width: about half of it (the projection's shape), never unreadably small. */
export const frameHeight = (width: number) => Math.round(Math.min(620, Math.max(180, width * 0.52)));
