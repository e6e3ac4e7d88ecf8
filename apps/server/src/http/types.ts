import type { OrganizationRole, PlatformRole } from '@fitbase/domain/constants';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../env.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../lib/mailer.ts';

export interface Deps {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface OrganizationContext {
  organizationId: string;
  role: OrganizationRole;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    log: Logger;
    user: SessionUser;
    sessionId: string;
    platformRole?: PlatformRole;
    org: OrganizationContext;
  };
}
