/**
 * Slug rules (docs/product/organizations.md#slug-rules): lowercase, protocol text removed, only
 * letters, digits, spaces and hyphens kept, whitespace turned to hyphens, repeated hyphens
 * collapsed.
 */
export function slugify(input: string): string {
  return input
    .toLowerCase()
    .replace(/[a-z][a-z0-9+.-]*:\/\//g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** A slug the server accepts: lowercase letters, digits and single hyphens, at least one letter or digit. */
export const SLUG_PATTERN = /^(?!.*--)[a-z0-9-]*[a-z0-9][a-z0-9-]*$/;
