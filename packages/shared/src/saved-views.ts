import { z } from "zod";

/** The lists whose views can be saved. */
export const savedViewLists = ["alerts", "incidents"] as const;
export type SavedViewListName = (typeof savedViewLists)[number];

export const savedViewBodySchema = z.object({
  /** The list it belongs to (the alert list when absent). */
  list: z.enum(savedViewLists).default("alerts"),
  name: z.string().trim().min(1, "Name the view.").max(80),
  /** The list's URL query string (filters, sort, columns) as the web app wrote it. */
  query: z.string().max(4000),
});
export type SavedViewBody = z.input<typeof savedViewBodySchema>;

export const savedViewSchema = z.object({
  id: z.string(),
  list: z.enum(savedViewLists),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
});
export const savedViewQuerySchema = z.object({ list: z.enum(savedViewLists).optional() });
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.object({ items: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListSchema>;
