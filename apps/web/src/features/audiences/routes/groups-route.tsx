import { AudiencesPage } from '../components/audiences-page';

/** /members/groups: the same groups as Connect's Audiences, from the Members area. */
export function GroupsRoute() {
  return (
    <AudiencesPage
      title="Member Groups"
      intro="Families, corporate accounts and groups by rules: the same groups as Connect’s Audiences."
    />
  );
}
