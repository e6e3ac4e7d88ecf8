import { useParams } from 'react-router';

/** The studio of the portal page: the `:slug` of `/m/:slug/...`. Every API hook reads it here. */
export function usePortalSlug(): string {
  const { slug } = useParams();
  if (!slug) throw new Error('usePortalSlug is used outside a /m/:slug route');
  return slug;
}
