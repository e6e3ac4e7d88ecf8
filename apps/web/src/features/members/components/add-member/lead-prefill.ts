import type { Lead } from '@fitbase/domain/contracts/leads';
import { WIZARD_DEFAULTS, type WizardValues } from './wizard-form';

/** The wizard's first values when a lead is converted: their name, contact and source. */
export function valuesFromLead(lead: Lead): WizardValues {
  return {
    ...WIZARD_DEFAULTS,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    referralSource: lead.sourceName ?? '',
  };
}
