import { z } from "zod";

/**
 * A list filter in a URL: "a,b,c" or a repeated parameter, each value checked by `item`, at most
 * 50.
 * Every list contract (alerts, findings, incidents) reads its filters with it.
 */
export const queryList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(50))
    .optional();
