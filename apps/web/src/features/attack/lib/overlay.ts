import type { LayerTechnique, ParsedLayer } from "../api/navigator-layers";

export type LayerOverlay = {
  layer: ParsedLayer;
  lookup: (techniqueId: string, tacticTitle: string) => LayerTechnique | undefined;
};

/** "Command and Control" -> "command-and-control", the tactic short names layers use. */
const shortName = (title: string) => title.toLowerCase().replace(/\s+/g, "-");

/**
 * Indexes a parsed layer by technique id. A layer may score a technique per tactic; an entry for
 * the column's tactic wins over one without a tactic. Disabled entries are not overlaid.
 */
export function buildOverlay(layer: ParsedLayer): LayerOverlay {
  const byTactic = new Map<string, LayerTechnique>();
  const byId = new Map<string, LayerTechnique>();
  for (const t of layer.techniques) {
    if (!t.enabled || (t.score === null && !t.color && !t.comment)) continue;
    if (t.tactic) {
      if (!byTactic.has(`${t.techniqueID}|${t.tactic}`)) byTactic.set(`${t.techniqueID}|${t.tactic}`, t);
      if (!byId.has(t.techniqueID)) byId.set(t.techniqueID, t);
    } else {
      byId.set(t.techniqueID, t);
    }
  }
  return {
    layer,
    lookup: (id, tacticTitle) => byTactic.get(`${id}|${shortName(tacticTitle)}`) ?? byId.get(id),
  };
}

/** Distinct technique ids in the layer, and how many of them are on the matrix. */
export function overlayMatch(layer: ParsedLayer, onMatrix: ReadonlySet<string>): { total: number; matched: number } {
  const ids = new Set(layer.techniques.map((t) => t.techniqueID));
  let matched = 0;
  for (const id of ids) if (onMatrix.has(id)) matched += 1;
  return { total: ids.size, matched };
}

/** A layer colour only if it is a plain hex colour (it goes into a style attribute). */
export function safeColor(color: string | null): string | undefined {
  return color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : undefined;
}
