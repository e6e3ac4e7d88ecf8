import { z } from 'zod';

/** One-click data export (docs/product/settings-and-help.md#data-export). */

export const exportLinkInputSchema = z.object({
  /**
   * True: a link valid EXPORT_LINK_DAYS days, emailed by a job to the owner who asked. False: a
   * link for the browser to follow right away, valid 15 minutes.
   */
  email: z.boolean().default(false),
});
export type ExportLinkInput = z.input<typeof exportLinkInputSchema>;

export const exportLinkSchema = z.object({
  /** Absolute URL of the signed download; anyone holding it can download until it expires. */
  url: z.string(),
  /** The same link's token, for a page that posts it at once (`POST /api/public/data/export`). */
  token: z.string(),
  expiresAt: z.string(),
  emailed: z.boolean(),
});
export type ExportLink = z.infer<typeof exportLinkSchema>;
