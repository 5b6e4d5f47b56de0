/** Why a rule cannot be compiled: the place in the rule and the reason, shown at import. */
export class SigmaRuleError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}
