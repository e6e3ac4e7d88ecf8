import { discountInputSchema } from '@fitbase/domain/contracts/discounts';
import { emailTemplateInputSchema } from '@fitbase/domain/contracts/email-templates';
import { leadSourceInputSchema } from '@fitbase/domain/contracts/leads';
import { payRateInputSchema } from '@fitbase/domain/contracts/pay-rates';
import { planInputSchema, type PlanInput } from '@fitbase/domain/contracts/plans';
import { facilityInputSchema } from '@fitbase/domain/contracts/schedule';
import { serviceInputSchema } from '@fitbase/domain/contracts/services';
import { productInputSchema, stockChangeSchema } from '@fitbase/domain/contracts/store';
import { tagInputSchema } from '@fitbase/domain/contracts/tags';
import { taxRateInputSchema } from '@fitbase/domain/contracts/tax-rates';
import { waiverVersionInputSchema } from '@fitbase/domain/contracts/waivers';
import type { PlanKind } from '@fitbase/domain/money-constants';
import { createDiscount } from '../modules/discounts/discounts.service.ts';
import { createTemplate } from '../modules/email-templates/email-templates.service.ts';
import { createLeadSource } from '../modules/leads/leads.service.ts';
import { createPayRate } from '../modules/pay-rates/pay-rates.service.ts';
import { createPlan } from '../modules/plans/plans.service.ts';
import { createFacility } from '../modules/schedule/schedule-facilities.service.ts';
import { createService } from '../modules/services/services.service.ts';
import { changeStock } from '../modules/store/inventory.service.ts';
import { createProduct } from '../modules/store/products.service.ts';
import { createTag } from '../modules/tags/tags.service.ts';
import { createTaxRate } from '../modules/tax/tax.service.ts';
import { createWaiverVersion, saveWaiverSettings } from '../modules/waivers/waivers.service.ts';
import { act, count, type DemoContext } from './demo-context.ts';

/**
 * What the studio sells and how it runs, set up on its first morning through the same
 * services as Settings, Services, Money and Connect: rooms, services, plans, discount codes,
 * pay rates, store products with their opening stock, lead sources, tags, email templates and
 * its waiver.
 */

export interface DemoPlan {
  id: string;
  name: string;
  kind: PlanKind;
  price: string;
}

export interface DemoProduct {
  id: string;
  name: string;
  price: string;
  /** Restocked when it falls to this; the low-stock item is not restocked in the last weeks. */
  reorderAt: number;
  reorderQuantity: number;
  lowStockItem: boolean;
}

export interface DemoCatalog {
  facilities: Record<'studio' | 'yoga' | 'cycle' | 'strength', string>;
  services: Record<'group' | 'yoga' | 'cycling' | 'strength' | 'pilates' | 'training', string>;
  plans: Record<
    'unlimited' | 'offPeak' | 'annual' | 'pack' | 'dropIn' | 'trial' | 'towels',
    DemoPlan
  >;
  products: DemoProduct[];
  leadSources: Record<'website' | 'instagram' | 'referral' | 'walkIn' | 'google', string>;
  tags: Record<'vip' | 'newcomer' | 'earlyBird' | 'competitor' | 'atRisk', string>;
  templates: Record<'welcome' | 'newsletter' | 'winBack' | 'checkIn', string>;
  waiverId: string;
}

const PLANS: Record<
  keyof DemoCatalog['plans'],
  PlanInput & { service?: keyof DemoCatalog['services'] }
> = {
  unlimited: {
    name: 'Unlimited Monthly',
    kind: 'membership',
    price: '149.00',
    billingInterval: 'month',
    signupFee: '49.00',
    description: 'Every class, every day. Billed monthly.',
    soldOnline: true,
    service: 'group',
  },
  offPeak: {
    name: 'Off-Peak 3x Weekly',
    kind: 'membership',
    price: '99.00',
    billingInterval: 'month',
    weeklyClassLimit: 3,
    description: 'Three classes a week. Billed monthly.',
    soldOnline: true,
    service: 'group',
  },
  annual: {
    name: 'Annual Unlimited',
    kind: 'membership',
    price: '1490.00',
    billingInterval: 'year',
    minimumTermPeriods: 1,
    description: 'A year of every class, two months free.',
    service: 'group',
  },
  pack: {
    name: '10-Class Pack',
    kind: 'class_pack',
    price: '180.00',
    credits: 10,
    validityDays: 120,
    soldOnline: true,
    service: 'group',
  },
  dropIn: {
    name: 'Drop-In Class',
    kind: 'drop_in',
    price: '25.00',
    credits: 1,
    validityDays: 30,
    soldOnline: true,
    service: 'group',
  },
  trial: {
    name: '2-Week Intro Trial',
    kind: 'trial',
    price: '29.00',
    validityDays: 14,
    soldOnline: true,
    service: 'group',
  },
  towels: { name: 'Towel Service', kind: 'add_on', price: '10.00' },
};

const PRODUCTS = [
  {
    name: 'Spring Water',
    sku: 'DRK-WATER',
    category: 'Drinks',
    price: '2.50',
    cost: '0.60',
    low: 12,
    stock: 96,
    reorder: 72,
    lowItem: false,
  },
  {
    name: 'Electrolyte Drink',
    sku: 'DRK-ELEC',
    category: 'Drinks',
    price: '3.75',
    cost: '1.20',
    low: 10,
    stock: 60,
    reorder: 48,
    lowItem: false,
  },
  {
    name: 'Protein Bar',
    sku: 'SNK-PROT',
    category: 'Snacks',
    price: '3.50',
    cost: '1.40',
    low: 10,
    stock: 60,
    reorder: 48,
    lowItem: false,
  },
  {
    name: 'Studio T-Shirt',
    sku: 'APP-TEE',
    category: 'Apparel',
    price: '28.00',
    cost: '9.00',
    low: 5,
    stock: 30,
    reorder: 20,
    lowItem: false,
  },
  {
    name: 'Shaker Bottle',
    sku: 'ACC-SHAKE',
    category: 'Accessories',
    price: '12.00',
    cost: '3.50',
    low: 4,
    stock: 24,
    reorder: 12,
    lowItem: false,
  },
  {
    name: 'Yoga Mat',
    sku: 'ACC-MAT',
    category: 'Accessories',
    price: '45.00',
    cost: '18.00',
    low: 4,
    stock: 16,
    reorder: 8,
    lowItem: true,
  },
  {
    name: 'Resistance Band Set',
    sku: 'ACC-BAND',
    category: 'Accessories',
    price: '22.00',
    cost: '7.00',
    low: 3,
    stock: 14,
    reorder: 10,
    lowItem: false,
  },
  {
    name: 'Grip Socks',
    sku: 'APP-SOCK',
    category: 'Apparel',
    price: '14.00',
    cost: '4.00',
    low: 6,
    stock: 36,
    reorder: 24,
    lowItem: false,
  },
] as const;

const WAIVER_TEXT = `I take part in classes, training and use of the facilities of Demo Fitness of my own free will.

I understand that physical exercise carries a risk of injury. I confirm that I am in good health, that I have told the staff of any condition that may affect my training, and that I will stop and tell an instructor if I feel unwell.

I release Demo Fitness and its staff from liability for injury, loss or damage arising from my participation, except where caused by their negligence.

I agree to follow the studio's rules and the instructions of its staff.`;

export async function setUpCatalog(ctx: DemoContext): Promise<DemoCatalog> {
  const { owner, admin } = ctx.team;
  const first = ctx.clock.firstDay;
  const morning = ctx.clock.at(first, '08:15');
  return act(ctx, owner, async (scope) => {
    const facility = async (name: string, capacity: number) =>
      (await createFacility(scope, facilityInputSchema.parse({ name, capacity }))).id;
    const facilities = {
      studio: await facility('Studio A', 24),
      yoga: await facility('Yoga Room', 18),
      cycle: await facility('Cycle Room', 16),
      strength: await facility('Strength Floor', 14),
    };
    const service = async (
      name: string,
      description: string,
      durationMinutes: number,
      price: string | null = null,
    ) =>
      (
        await createService(
          scope,
          serviceInputSchema.parse({ name, description, durationMinutes, price }),
        )
      ).id;
    const services = {
      group: await service('Group Fitness', 'High-energy group classes for every level.', 45),
      yoga: await service('Yoga', 'Flow, yin and weekend yoga.', 60),
      cycling: await service('Indoor Cycling', 'Rhythm and endurance rides.', 45),
      strength: await service('Strength Training', 'Barbell, kettlebell and foundations.', 60),
      pilates: await service('Pilates & Mobility', 'Mat Pilates, mobility and core.', 50),
      training: await service(
        'Personal Training',
        'One-to-one sessions with a coach.',
        60,
        '85.00',
      ),
    };
    count(ctx, 'services', 6);
    const plans = {} as DemoCatalog['plans'];
    for (const [key, spec] of Object.entries(PLANS) as Array<
      [keyof DemoCatalog['plans'], (typeof PLANS)[keyof typeof PLANS]]
    >) {
      const { service: serviceKey, ...input } = spec;
      const plan = await createPlan(
        scope,
        planInputSchema.parse({ ...input, serviceId: serviceKey ? services[serviceKey] : null }),
      );
      plans[key] = { id: plan.id, name: plan.name, kind: plan.kind, price: plan.price };
    }
    count(ctx, 'plans', Object.keys(plans).length);
    for (const code of [
      {
        code: 'WELCOME10',
        description: '10% off a first membership',
        kind: 'percent',
        value: '10.00',
        appliesToProducts: false,
      },
      {
        code: 'FRIEND25',
        description: '$25 off for a friend of a member',
        kind: 'fixed',
        value: '25.00',
        appliesToProducts: false,
      },
      {
        code: 'GEAR15',
        description: '15% off store products',
        kind: 'percent',
        value: '15.00',
        appliesToPlans: false,
      },
    ])
      await createDiscount(scope, discountInputSchema.parse(code));
    count(ctx, 'discount codes', 3);
    // New York's sales tax on retail, added at the till (memberships there are not taxed).
    const salesTax = (
      await createTaxRate(
        scope,
        taxRateInputSchema.parse({ name: 'Sales tax', rate: '8.875', inclusive: false }),
      )
    ).rates.find((r) => r.name === 'Sales tax')!.id;
    count(ctx, 'tax rates', 1);
    const products: DemoProduct[] = [];
    for (const p of PRODUCTS) {
      const created = await createProduct(
        scope,
        productInputSchema.parse({
          name: p.name,
          sku: p.sku,
          category: p.category,
          price: p.price,
          cost: p.cost,
          lowStockThreshold: p.low,
          taxRateId: salesTax,
        }),
      );
      // The opening stock arrives on the first morning, as a 'received' movement of that day.
      await changeStock(
        scope,
        created.id,
        stockChangeSchema.parse({ reason: 'received', quantity: p.stock, note: 'Opening stock' }),
        morning,
      );
      products.push({
        id: created.id,
        name: p.name,
        price: p.price,
        reorderAt: p.low,
        reorderQuantity: p.reorder,
        lowStockItem: p.lowItem,
      });
    }
    count(ctx, 'products', products.length);
    const source = async (name: string) =>
      (await createLeadSource(scope, leadSourceInputSchema.parse({ name }))).id;
    const leadSources = {
      website: await source('Website'),
      instagram: await source('Instagram'),
      referral: await source('Member referral'),
      walkIn: await source('Walk-in'),
      google: await source('Google Ads'),
    };
    const tag = async (name: string, color: string, description: string) =>
      (await createTag(scope, tagInputSchema.parse({ name, color, description }))).id;
    const tags = {
      vip: await tag('VIP', '#f59e0b', 'Founding members and top referrers'),
      newcomer: await tag('Newcomer', '#10b981', 'Joined in the last month'),
      earlyBird: await tag('Early bird', '#3b82f6', 'Comes to the 6-7 am classes'),
      competitor: await tag('Competitor', '#ef4444', 'Trains for a race or a meet'),
      atRisk: await tag('At risk', '#6366f1', 'Has not been in for a while'),
    };
    count(ctx, 'tags', 5);
    const template = async (name: string, subject: string, content: string) =>
      (await createTemplate(scope, emailTemplateInputSchema.parse({ name, subject, content }))).id;
    const templates = {
      welcome: await template(
        'Welcome',
        'Welcome to {{studio_name}}, {{first_name}}!',
        'Hi {{first_name}},\n\nWelcome to **{{studio_name}}**. Book your first classes any time: [see the schedule]({{studio_url}}).\n\nSee you soon!',
      ),
      newsletter: await template(
        'Monthly newsletter',
        "What's new at {{studio_name}} this month",
        "Hi {{first_name}},\n\nNew classes, new coaches and a members' social on the last Friday of the month. [Read more](https://example.com/demo-fitness/news).\n\nThe {{studio_name}} team",
      ),
      winBack: await template(
        'We miss you',
        'We miss you, {{first_name}}',
        "Hi {{first_name}},\n\nIt's been a while! Come back this week with a free guest pass for a friend: [book a class]({{studio_url}}).",
      ),
      checkIn: await template(
        'Checking in',
        'How are your first weeks going, {{first_name}}?',
        'Hi {{first_name}},\n\nJust checking in after your first weeks with us. Is there anything we can help with?',
      ),
    };
    count(ctx, 'email templates', 4);
    const waiver = await createWaiverVersion(
      scope,
      waiverVersionInputSchema.parse({
        title: 'Liability waiver and studio rules',
        body: WAIVER_TEXT,
      }),
      morning,
    );
    await saveWaiverSettings(scope, { requiredToBook: false });
    for (const [i, trainer] of ctx.team.trainers.entries()) {
      await createPayRate(
        scope,
        payRateInputSchema.parse({
          staffUserId: trainer.userId,
          kind: i === 3 ? 'per_attendee' : i === 4 ? 'per_hour' : 'per_class',
          amount: i === 3 ? '6.00' : i === 4 ? '38.00' : '45.00',
          effectiveFrom: first,
        }),
      );
    }
    // A raise three months in: the older rate stays on record for the earlier payroll.
    await createPayRate(
      scope,
      payRateInputSchema.parse({
        staffUserId: ctx.team.trainers[0]!.userId,
        kind: 'per_class',
        amount: '50.00',
        effectiveFrom: ctx.clock.plus(first, Math.floor(ctx.size.days / 2)),
      }),
    );
    count(ctx, 'pay rates', ctx.team.trainers.length + 1);
    void admin;
    return {
      facilities,
      services,
      plans,
      products,
      leadSources,
      tags,
      templates,
      waiverId: waiver.id,
    };
  });
}
