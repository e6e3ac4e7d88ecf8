import type { Service } from '@fitbase/domain/contracts/services';
import { Clock, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDuration, formatPrice } from '../lib/service-format';

interface ServiceCardProps {
  service: Service;
  /** Absent for roles that cannot manage services: the controls are not shown. */
  actions?: {
    onToggle: () => void;
    onEdit: () => void;
    onDelete: () => void;
    busy: boolean;
  };
  /** Shown under the service: its plans (the app shell's slot). */
  children?: ReactNode;
}

/**
 * One service (docs/product/services.md#screen): badge, price and duration when present, and its
 * actions.
 */
export function ServiceCard({ service, actions, children }: ServiceCardProps) {
  return (
    <Card data-testid="service-card" aria-label={service.name} role="article">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <CardTitle className="text-lg">{service.name}</CardTitle>
        <Badge variant={service.isActive ? 'default' : 'secondary'}>
          {service.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-3">
        {service.description ? (
          <p className="text-sm text-muted-foreground">{service.description}</p>
        ) : null}
        {service.price !== null || service.durationMinutes !== null ? (
          <div className="flex flex-wrap items-center gap-4 text-sm">
            {service.price !== null ? (
              <span className="font-semibold">{formatPrice(service.price)}</span>
            ) : null}
            {service.durationMinutes !== null ? (
              <span className="flex items-center gap-1 text-muted-foreground">
                <Clock className="size-4" aria-hidden />
                {formatDuration(service.durationMinutes)}
              </span>
            ) : null}
          </div>
        ) : null}
        {actions ? (
          <div className="flex items-center gap-2 pt-1">
            <Button variant="outline" size="sm" onClick={actions.onToggle} disabled={actions.busy}>
              {service.isActive ? 'Deactivate' : 'Activate'}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={actions.onEdit}
              aria-label={`Edit ${service.name}`}
            >
              <Pencil />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={actions.onDelete}
              disabled={actions.busy}
              aria-label={`Delete ${service.name}`}
            >
              <Trash2 className="text-destructive" />
            </Button>
          </div>
        ) : null}
        {children ? <div className="border-t pt-3">{children}</div> : null}
      </CardContent>
    </Card>
  );
}
