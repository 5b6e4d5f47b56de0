export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms));
export const minutes = (n: number): number => n * 60_000;
export const hours = (n: number): number => n * 3_600_000;
export const days = (n: number): number => n * 86_400_000;
/** The UTC day number of an epoch-ms time (days since 1970-01-01): the day figures' key. */
export const dayNumber = (ms: number): number => Math.floor(ms / 86_400_000);
