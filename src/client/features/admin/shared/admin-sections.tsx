import { Activity, AlertTriangle, Ban, Bell, Download, FileText, Gift, LifeBuoy, Mail, Megaphone, Package, Receipt, RefreshCw, ScrollText, ShieldCheck, Sparkles, Ticket, TrendingUp, Truck, UserCog, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminStats } from '#contract/admin';
import type { StaffRole } from '#contract/admin-staff';

export interface AdminSection {
  /** The section's ?tab= on /admin. */
  value: string;
  label: string;
  icon: ReactNode;
  /** Which of the stats' counts of work waiting the section's badge shows, for a section where work waits. */
  waiting?: keyof AdminStats['waiting'];
  /** The roles that may open it: the server's roles of the calls it makes (decision 0098). Hiding is convenience; the server refuses the rest. */
  roles: readonly StaffRole[];
}

export interface AdminSectionGroup {
  label: string;
  sections: readonly AdminSection[];
}

const EVERYONE: readonly StaffRole[] = ['owner', 'support', 'fulfilment'];
const OWNER: readonly StaffRole[] = ['owner'];
const SUPPORT: readonly StaffRole[] = ['owner', 'support'];
const FULFILMENT: readonly StaffRole[] = ['owner', 'fulfilment'];

/**
 * Every section of /admin, grouped as the navigation shows them (docs/decisions/0035). The
 * spec's two tabs keep their names; Customer Subscriptions stays the default at bare /admin.
 */
export const ADMIN_SECTION_GROUPS: readonly AdminSectionGroup[] = [
  {
    label: 'Sales',
    sections: [
      { value: 'orders', label: 'Orders', icon: <Receipt aria-hidden="true" />, roles: EVERYONE },
      { value: 'review', label: 'Needs Review', icon: <AlertTriangle aria-hidden="true" />, waiting: 'needsReview', roles: OWNER },
      { value: 'notifications', label: 'Purchase Notifications', icon: <Bell aria-hidden="true" />, roles: EVERYONE },
      { value: 'revenue', label: 'Revenue', icon: <TrendingUp aria-hidden="true" />, roles: OWNER },
      { value: 'renewals', label: 'Renewals', icon: <RefreshCw aria-hidden="true" />, roles: SUPPORT },
      // The daily trial budget and trials -> paid by week (decision 0101).
      { value: 'trials', label: 'Trials', icon: <Sparkles aria-hidden="true" />, roles: OWNER },
    ],
  },
  {
    label: 'Fulfilment',
    sections: [
      { value: 'gift-cards', label: 'Gift Cards', icon: <Gift aria-hidden="true" />, waiting: 'giftCardsOwed', roles: FULFILMENT },
      { value: 'shipments', label: 'Shipments', icon: <Truck aria-hidden="true" />, waiting: 'boxesToShip', roles: FULFILMENT },
    ],
  },
  {
    label: 'Catalog',
    sections: [
      { value: 'packages', label: 'Packages', icon: <Package aria-hidden="true" />, roles: OWNER },
      { value: 'coupons', label: 'Coupons', icon: <Ticket aria-hidden="true" />, roles: OWNER },
    ],
  },
  {
    label: 'Customers',
    sections: [
      { value: 'customers', label: 'Customer Subscriptions', icon: <Users aria-hidden="true" />, roles: SUPPORT },
      // Support tickets with each line's state (decision 0102).
      { value: 'support', label: 'Support', icon: <LifeBuoy aria-hidden="true" />, waiting: 'openTickets', roles: SUPPORT },
      // Who the store will not sell to (decision 0099).
      { value: 'blocklist', label: 'Blocklist', icon: <Ban aria-hidden="true" />, roles: OWNER },
    ],
  },
  {
    label: 'System',
    sections: [
      { value: 'exports', label: 'Exports', icon: <Download aria-hidden="true" />, roles: OWNER },
      { value: 'audit', label: 'Audit Log', icon: <ScrollText aria-hidden="true" />, roles: OWNER },
      { value: 'outbox', label: 'Outbox', icon: <Mail aria-hidden="true" />, roles: OWNER },
      { value: 'panel', label: 'Panel', icon: <Activity aria-hidden="true" />, roles: SUPPORT },
      // The public status page's incidents and their compensation (decision 0094).
      { value: 'incidents', label: 'Incidents', icon: <Megaphone aria-hidden="true" />, roles: SUPPORT },
      // The terms, privacy and refund policies buyers read and agree to (decision 0097).
      { value: 'policies', label: 'Policies', icon: <FileText aria-hidden="true" />, roles: OWNER },
      // Staff, their roles and the two-factor rule (decision 0098).
      { value: 'staff', label: 'Staff', icon: <ShieldCheck aria-hidden="true" />, roles: OWNER },
      // The signed-in admin's own two-factor sign-in (decision 0096).
      { value: 'account', label: 'My account', icon: <UserCog aria-hidden="true" />, roles: EVERYONE },
    ],
  },
];

/** The groups and sections a role may open; a group with none left is not shown. */
export const sectionGroupsFor = (role: StaffRole): AdminSectionGroup[] =>
  ADMIN_SECTION_GROUPS.map((group) => ({ ...group, sections: group.sections.filter((section) => section.roles.includes(role)) })).filter((group) => group.sections.length > 0);

export const canOpen = (role: StaffRole, value: string) => ADMIN_SECTION_GROUPS.some((group) => group.sections.some((section) => section.value === value && section.roles.includes(role)));

export const DEFAULT_SECTION = 'customers';

/** The section a ?tab= names, or the role's default (Customer Subscriptions when it may open it, else its first) for a missing, unknown or closed one. */
export function sectionOf(tab: string | null, role: StaffRole): AdminSection {
  const open = sectionGroupsFor(role).flatMap((group) => group.sections);
  return open.find((section) => section.value === tab) ?? open.find((section) => section.value === DEFAULT_SECTION) ?? open[0]!;
}

export const sectionHref = (value: string) => (value === DEFAULT_SECTION ? '/admin' : `/admin?tab=${value}`);
