/**
 * Links `/m/{slug}/manifest.webmanifest` for the studio of this page (once). The server serves a
 * manifest per studio and the page is the same file for every studio, so the link is made here,
 * with the slug (docs/product/member-portal.md, "Installable and offline").
 */
export function linkStudioManifest(pathname = window.location.pathname): void {
  const slug = /^\/m\/([^/]+)/.exec(pathname)?.[1];
  if (!slug || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `/m/${slug}/manifest.webmanifest`;
  document.head.append(link);
}
