import { AudiencesPage } from '../components/audiences-page';

/** /connect/audiences: the studio's member groups as Connect's Audiences. */
export function AudiencesRoute() {
  return (
    <AudiencesPage
      title="Audiences"
      intro="Groups of members to send campaigns and notifications to, with live counts."
    />
  );
}
