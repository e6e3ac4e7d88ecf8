import { can, permissionMessage, type Permission } from '@fitbase/domain/permissions';
import type { OrganizationContext } from '../http/types.ts';
import { AppError } from './errors.ts';

/** The one place the permission matrix is enforced on the server (403 with a clear message). */
export function assertPermission(org: OrganizationContext, permission: Permission): void {
  if (!can(org.role, permission)) throw new AppError('forbidden', permissionMessage(permission));
}
