import { z } from "zod";

export const savedViewBodySchema = z.object({
  name: z.string().trim().min(1, "Name the view.").max(80),
  /** The list's URL query string (filters, sort, columns) as the web app wrote it. */
  query: z.string().max(4000),
});
export type SavedViewBody = z.infer<typeof savedViewBodySchema>;

export const savedViewSchema = z.object({ id: z.string(), name: z.string(), query: z.string(), createdAt: z.string() });
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.object({ items: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListSchema>;
