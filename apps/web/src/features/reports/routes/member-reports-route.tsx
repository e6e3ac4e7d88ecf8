import { MEMBER_REPORTS_GROUP } from '@fitbase/domain/report-catalog';
import { ReportsPage } from '../components/reports-page';

const GROUPS = [MEMBER_REPORTS_GROUP] as const;

/** /members/reports: the Membership reports only, Members first. */
export function MemberReportsRoute() {
  return <ReportsPage heading="Member Reports" groups={GROUPS} defaultReport="members" />;
}
