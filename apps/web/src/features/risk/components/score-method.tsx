import { riskModel } from "@watchfloor/shared";

const m = riskModel;

/** The formula in plain words, from the same constants the server scores with (docs/risk.md has a worked example). */
export function ScoreMethod() {
  return (
    <details
      open
      className="group rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <summary className="cursor-pointer text-base font-semibold text-slate-900 select-none dark:text-white">
        How the score is calculated
      </summary>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700 dark:text-slate-300" data-testid="score-method">
        <li>
          <strong>Finding risk</strong> (0–20) = CVSS base score (or the middle of its severity band when the scanner gave none) ×
          exploitability: {m.kevFactor} when the CVE is in the CISA KEV catalog, otherwise 1 + its EPSS probability.
        </li>
        <li>
          <strong>Asset</strong>: its worst open finding counts in full; all the others together add at most {m.restCap} more, so
          a hundred low findings never outweigh one critical. That is multiplied by business impact (High ×
          {m.impactMultiplier.High}, Medium ×{m.impactMultiplier.Medium}, Low ×{m.impactMultiplier.Low}), internet exposure (×
          {m.internetFacingMultiplier}) and open incidents on the asset (+{m.incidentStep * 100}% each, up to {m.incidentCap}),
          then scaled to 0–100: 100 × (1 − e^(−x/
          {m.assetScale})).
        </li>
        <li>
          <strong>Score</strong> = {m.peakShare * 100}% the mean of the {m.peakAssets} riskiest assets + {(1 - m.peakShare) * 100}
          % the mean of every asset weighted by business impact (High {m.impactWeight.High}, Medium {m.impactWeight.Medium}, Low{" "}
          {m.impactWeight.Low}). Bands: Critical from {m.bands[0][1]}, High from {m.bands[1][1]}, Medium from {m.bands[2][1]}.
        </li>
        <li>
          <strong>Why this score</strong> adds the factors one at a time in this order (severity, EPSS, KEV, business impact,
          exposure, incidents); each shows what it added. <strong>What would lower it</strong> recomputes the score without each
          of the riskiest findings.
        </li>
      </ol>
    </details>
  );
}
