import { IMPORT_KIND_LABELS } from '@fitbase/domain/import-fields';
import { IMPORT_KINDS } from '@fitbase/domain/settings-constants';
import { can } from '@fitbase/domain/permissions';
import { StudioCount } from '@/components/studio-count';
import { StudioDateTime } from '@/components/studio-date';
import { useCurrentOrganization } from '@/lib/session';
import { useImports } from '../api/imports';
import { ImportWizard } from '../components/import-wizard';

/** /members/import: CSV import of members, memberships, visits and leads. */
export function ImportRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  if (!can(role, 'data.import')) return <p>Only studio owners and admins can import data.</p>;
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Import</h1>
        <p className="text-sm text-muted-foreground">
          Templates:{' '}
          {IMPORT_KINDS.map((k, i) => (
            <span key={k}>
              {i > 0 && ', '}
              <a className="underline" href={`/help/resources/fitbase-import-${k}.csv`} download>
                {IMPORT_KIND_LABELS[k]}
              </a>
            </span>
          ))}
        </p>
      </div>
      <ImportWizard />
      <PastImports />
    </div>
  );
}

function PastImports() {
  const { data } = useImports();
  if (!data || data.imports.length === 0) return null;
  return (
    <section aria-labelledby="past-title" className="space-y-2">
      <h2 id="past-title" className="text-lg font-semibold">
        Past imports
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th>File</th>
            <th>Kind</th>
            <th>Status</th>
            <th>Created</th>
            <th>Skipped</th>
            <th>Errors</th>
            <th>When</th>
          </tr>
        </thead>
        <tbody>
          {data.imports.map((i) => (
            <tr key={i.id}>
              <td>{i.fileName}</td>
              <td>{IMPORT_KIND_LABELS[i.kind]}</td>
              <td>{i.status}</td>
              <td>
                <StudioCount value={i.createdCount} />
              </td>
              <td>
                <StudioCount value={i.skippedCount} />
              </td>
              <td>
                <StudioCount value={i.errorCount} />
              </td>
              <td>
                <StudioDateTime instant={i.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
