import type { ManageOverview } from '@fitbase/domain/contracts/appointments';
import {
  BookOpen,
  BriefcaseBusiness,
  Building2,
  CalendarClock,
  CalendarDays,
  UserCog,
  Users,
} from 'lucide-react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { EmptyText, ManageSection, SectionItem, SectionList } from './manage-section';
import { formatSessionStart, plural } from './manage-format';
import { DiscountsSection, PayRatesSection } from './manage-money-sections';

function ClassList({
  label,
  classes,
  timeZone,
  emptyText,
}: {
  label: string;
  classes: ManageOverview['classes'];
  timeZone: string;
  emptyText: string;
}) {
  const { locale } = useStudioFormat();
  if (classes.length === 0) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <SectionList label={label}>
      {classes.map((item) => (
        <SectionItem
          key={item.id}
          primary={
            <span className="flex items-center gap-2">
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: item.color }}
                aria-hidden
              />
              {item.name}
            </span>
          }
          secondary={
            item.nextSessionAt
              ? `Next ${formatSessionStart(item.nextSessionAt, timeZone, locale)}`
              : 'No upcoming sessions'
          }
        />
      ))}
    </SectionList>
  );
}

/**
 * /manage's sections (docs/product/schedule.md): the studio's own counts and the first few of
 * each, with a link to where they are changed (discounts and pay rates:
 * docs/product/money-and-store.md).
 */
export function ManageSections({
  overview,
  timeZone,
  canManageMoney,
}: {
  overview: ManageOverview | undefined;
  timeZone: string;
  /** Owners and admins change discount codes and pay rates. */
  canManageMoney: boolean;
}) {
  const counts = overview?.counts;
  const { locale } = useStudioFormat();
  const loading = <EmptyText>Loading...</EmptyText>;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <ManageSection
        id="manage-clients"
        title="Clients"
        icon={Users}
        summary={counts ? plural(locale, counts.clients, 'client') : undefined}
        action={{ label: 'View clients', to: '/members' }}
      >
        {counts ? (
          counts.clients === 0 ? (
            <EmptyText>No clients yet</EmptyText>
          ) : (
            <EmptyText>Everyone in the member directory.</EmptyText>
          )
        ) : (
          loading
        )}
      </ManageSection>

      <ManageSection
        id="manage-classes"
        title="Classes"
        icon={CalendarDays}
        summary={counts ? plural(locale, counts.classes, 'class', 'classes') : undefined}
        action={{ label: 'Open schedule', to: '/schedule' }}
      >
        {overview ? (
          <ClassList
            label="Classes"
            classes={overview.classes}
            timeZone={timeZone}
            emptyText="No classes yet"
          />
        ) : (
          loading
        )}
      </ManageSection>

      <ManageSection
        id="manage-courses"
        title="Courses"
        icon={BookOpen}
        summary={counts ? plural(locale, counts.courses, 'course') : undefined}
        action={{ label: 'Open schedule', to: '/schedule' }}
      >
        {overview ? (
          <ClassList
            label="Courses"
            classes={overview.courses}
            timeZone={timeZone}
            emptyText="No courses yet"
          />
        ) : (
          loading
        )}
      </ManageSection>

      <ManageSection
        id="manage-facilities"
        title="Facilities"
        icon={Building2}
        summary={counts ? plural(locale, counts.facilities, 'facility', 'facilities') : undefined}
        action={{ label: 'Open schedule', to: '/schedule' }}
      >
        {overview ? (
          overview.facilities.length === 0 ? (
            <EmptyText>No facilities yet</EmptyText>
          ) : (
            <SectionList label="Facilities">
              {overview.facilities.map((facility) => (
                <SectionItem
                  key={facility.id}
                  primary={facility.name}
                  secondary={`Capacity ${facility.capacity.toLocaleString(locale)}`}
                />
              ))}
            </SectionList>
          )
        ) : (
          loading
        )}
      </ManageSection>

      <ManageSection
        id="manage-trainers"
        title="Trainers"
        icon={UserCog}
        summary={counts ? plural(locale, counts.trainers, 'trainer') : undefined}
        action={{ label: 'View staff', to: '/staff' }}
      >
        {overview ? (
          overview.trainers.length === 0 ? (
            <EmptyText>No trainers yet</EmptyText>
          ) : (
            <SectionList label="Trainers">
              {overview.trainers.map((trainer) => (
                <SectionItem key={trainer.userId} primary={trainer.name} />
              ))}
            </SectionList>
          )
        ) : (
          loading
        )}
      </ManageSection>

      <ManageSection
        id="manage-appointments"
        title="Appointments"
        icon={CalendarClock}
        summary={
          counts ? plural(locale, counts.upcomingAppointments, 'upcoming appointment') : undefined
        }
        action={{ label: 'Open schedule', to: '/schedule' }}
      >
        {overview ? (
          overview.appointments.length === 0 ? (
            <EmptyText>No upcoming appointments</EmptyText>
          ) : (
            <SectionList label="Upcoming appointments">
              {overview.appointments.map(({ session, member }) => (
                <SectionItem
                  key={session.id}
                  primary={member ? `${member.firstName} ${member.lastName}`.trim() : session.name}
                  secondary={[
                    formatSessionStart(session.startsAt, timeZone, locale),
                    session.trainer?.name,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ))}
            </SectionList>
          )
        ) : (
          loading
        )}
      </ManageSection>

      <ManageSection
        id="manage-services"
        title="Services"
        icon={BriefcaseBusiness}
        summary={
          counts
            ? `${plural(locale, counts.services, 'service')} · ${plural(locale, counts.plans, 'active plan')}`
            : undefined
        }
        action={{ label: 'View services', to: '/services' }}
      >
        {counts ? (
          counts.services === 0 ? (
            <EmptyText>No services yet</EmptyText>
          ) : (
            <EmptyText>
              The services catalogue: memberships, classes and sessions you offer.
            </EmptyText>
          )
        ) : (
          loading
        )}
      </ManageSection>

      <DiscountsSection overview={overview} canManage={canManageMoney} />
      <PayRatesSection overview={overview} canManage={canManageMoney} />
    </div>
  );
}
