import { z } from "zod";

/** `POST /test/clock` (end-to-end test runs only): move the server clock forward by minutes. */
export const testClockBodySchema = z.object({
  advanceMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 366),
});

/** The server's new now, and how many SLA breaches the check it ran at once notified. */
export const testClockAdvancedSchema = z.object({ now: z.string(), slaBreachesNotified: z.number() });
