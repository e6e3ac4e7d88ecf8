import type { Household } from '@fitbase/domain/contracts/households';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useMemberSearch } from '@/components/member-search/use-member-search';
import { reportError } from '@/lib/report-error';
import {
  useAddToHousehold,
  useCreateHousehold,
  useMemberHousehold,
  useRemoveFromHousehold,
  useUpdateHousehold,
} from '../../api/households';

const failed = (fallback: string) => (error: unknown) =>
  reportError(error, { fallback, formToast: true });

/**
 * The member's household (docs/product/members.md#households): who is in it and who pays.
 * Roles that may edit members create it, add and remove members and choose the payer here.
 */
export function MemberHousehold({
  member,
  canEdit,
}: {
  member: { id: string; firstName: string; lastName: string };
  canEdit: boolean;
}) {
  const household = useMemberHousehold(member.id);
  if (household.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the household
      </p>
    );
  return (
    <section aria-label="Household" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">Household</h2>
        {household.isPending ? (
          <span className="text-sm text-muted-foreground">Loading...</span>
        ) : household.data ? (
          <span className="text-sm font-medium">{household.data.name}</span>
        ) : (
          <span className="text-sm text-muted-foreground">Not in a household</span>
        )}
      </div>
      {household.data ? (
        <HouseholdMembers household={household.data} memberId={member.id} canEdit={canEdit} />
      ) : !household.isPending && canEdit ? (
        <CreateHousehold member={member} />
      ) : null}
    </section>
  );
}

function CreateHousehold({ member }: { member: { id: string; lastName: string } }) {
  const [name, setName] = useState(`${member.lastName} household`.trim());
  const create = useCreateHousehold();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { name, payerMemberId: member.id, memberIds: [] },
          { onError: failed('Failed to create the household') },
        );
      }}
    >
      <div className="space-y-1">
        <Label htmlFor="household-name">Household name</Label>
        <Input
          id="household-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="w-56"
        />
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={create.isPending || !name.trim()}>
        Create household
      </Button>
    </form>
  );
}

function HouseholdMembers({
  household,
  memberId,
  canEdit,
}: {
  household: Household;
  memberId: string;
  canEdit: boolean;
}) {
  const update = useUpdateHousehold(household.id);
  const remove = useRemoveFromHousehold(household.id);
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-2">
        {household.members.map((m) => (
          <li
            key={m.id}
            className="inline-flex items-center gap-2 rounded-full border px-2.5 py-0.5 text-xs"
          >
            {m.id === memberId ? (
              <span className="font-medium">{`${m.firstName} ${m.lastName}`.trim()}</span>
            ) : (
              <Link to={`/member/${m.id}`} className="hover:underline">
                {`${m.firstName} ${m.lastName}`.trim()}
              </Link>
            )}
            {m.isPayer ? <Badge variant="secondary">Payer</Badge> : null}
            {m.email ? null : <span className="text-muted-foreground">No email</span>}
            {canEdit && !m.isPayer ? (
              <button
                type="button"
                className="text-muted-foreground hover:text-foreground disabled:opacity-50"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(m.id, { onError: failed('Failed to remove from the household') })
                }
              >
                Remove from household
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="flex flex-wrap items-end gap-4">
          <div className="space-y-1">
            <Label htmlFor="household-payer">Payer</Label>
            <select
              id="household-payer"
              className="h-8 rounded-md border bg-background px-2 text-sm"
              value={household.payerMemberId}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { payerMemberId: event.target.value },
                  { onError: failed('Failed to change the payer') },
                )
              }
            >
              {/* The payer needs an email: receipts and the portal sign-in code go to it. */}
              {household.members.map((m) => (
                <option key={m.id} value={m.id} disabled={!m.email}>
                  {`${m.firstName} ${m.lastName}`.trim()}
                  {m.email ? '' : ' (no email)'}
                </option>
              ))}
            </select>
          </div>
          <AddToHousehold household={household} />
          <div className="space-y-1">
            <Button asChild variant="outline" size="sm">
              <Link to={`/add-member?householdId=${household.id}`}>Add a child</Link>
            </Button>
            <p className="text-xs text-muted-foreground">A new member; email optional.</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function AddToHousehold({ household }: { household: Household }) {
  const [search, setSearch] = useState('');
  const term = search.trim();
  return (
    <div className="space-y-1">
      <Label htmlFor="household-add">Add to household</Label>
      <Input
        id="household-add"
        placeholder="Search members"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="w-56"
      />
      {term ? (
        <HouseholdCandidates household={household} term={term} onAdded={() => setSearch('')} />
      ) : null}
    </div>
  );
}

/** Members matching the search who are in no household (a member belongs to at most one). */
function HouseholdCandidates({
  household,
  term,
  onAdded,
}: {
  household: Household;
  term: string;
  onAdded: () => void;
}) {
  const matches = useMemberSearch(term);
  const add = useAddToHousehold(household.id);
  const candidates = (matches.data ?? []).filter((m) => !m.household).slice(0, 5);
  if (candidates.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="Members to add">
      {candidates.map((m) => (
        <li key={m.id}>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={add.isPending}
            onClick={() =>
              add.mutate(m.id, {
                onSuccess: onAdded,
                onError: failed('Failed to add to the household'),
              })
            }
          >
            Add {`${m.firstName} ${m.lastName}`.trim()}
          </Button>
        </li>
      ))}
    </ul>
  );
}
