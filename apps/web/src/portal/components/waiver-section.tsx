import { Link } from 'react-router';
import { useMe } from '../api/get-me';
import { useWaiver, useWaiverSignatures, waiverPdfUrl } from '../api/waiver';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { formatDate } from './format-time';
import { Section } from './portal-section';
import { usePortalLocale } from '../hooks/use-portal-locale';

/** Profile's `Waivers`: the waivers the member signed, each with its PDF (docs/product/waivers.md). */
export function WaiverSection() {
  const slug = usePortalSlug();
  const timeZone = useMe().data?.studio.timeZone ?? 'UTC';
  const locale = usePortalLocale();
  const waiver = useWaiver();
  const signatures = useWaiverSignatures();
  const list = signatures.data?.signatures ?? [];
  const unsigned = waiver.data?.waiver && !waiver.data.signature;
  if (!waiver.data?.waiver && list.length === 0) return null;
  return (
    <Section title="Waivers">
      {signatures.isError ? (
        <p className="text-sm text-destructive">Your waivers could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have not signed a waiver.</p>
      ) : (
        <ul className="space-y-2">
          {list.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
            >
              <span>
                {s.title}, version {s.version}: signed {formatDate(s.signedAt, timeZone, locale)}
              </span>
              <a href={waiverPdfUrl(slug, s.id)} download className="font-medium underline">
                Download PDF<span className="sr-only"> of version {s.version}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {unsigned ? (
        <p className="text-sm">
          <Link to={`/m/${slug}/waiver`} className="font-medium underline">
            Read and sign the current waiver
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
