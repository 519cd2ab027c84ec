import { Activity, AlertTriangle, Ban, Bell, Download, FileText, Gift, Mail, Megaphone, Package, Receipt, RefreshCw, ScrollText, Ticket, TrendingUp, Truck, UserCog, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminStats } from '#contract/admin';

export interface AdminSection {
  /** The section's ?tab= on /admin. */
  value: string;
  label: string;
  icon: ReactNode;
  /** Which of the stats' counts of work waiting the section's badge shows, for a section where work waits. */
  waiting?: keyof AdminStats['waiting'];
}

export interface AdminSectionGroup {
  label: string;
  sections: readonly AdminSection[];
}

/**
 * Every section of /admin, grouped as the navigation shows them (docs/decisions/0035). The
 * spec's two tabs keep their names; Customer Subscriptions stays the default at bare /admin.
 */
export const ADMIN_SECTION_GROUPS: readonly AdminSectionGroup[] = [
  {
    label: 'Sales',
    sections: [
      { value: 'orders', label: 'Orders', icon: <Receipt aria-hidden="true" /> },
      { value: 'review', label: 'Needs Review', icon: <AlertTriangle aria-hidden="true" />, waiting: 'needsReview' },
      { value: 'notifications', label: 'Purchase Notifications', icon: <Bell aria-hidden="true" /> },
      { value: 'revenue', label: 'Revenue', icon: <TrendingUp aria-hidden="true" /> },
      { value: 'renewals', label: 'Renewals', icon: <RefreshCw aria-hidden="true" /> },
    ],
  },
  {
    label: 'Fulfilment',
    sections: [
      { value: 'gift-cards', label: 'Gift Cards', icon: <Gift aria-hidden="true" />, waiting: 'giftCardsOwed' },
      { value: 'shipments', label: 'Shipments', icon: <Truck aria-hidden="true" />, waiting: 'boxesToShip' },
    ],
  },
  {
    label: 'Catalog',
    sections: [
      { value: 'packages', label: 'Packages', icon: <Package aria-hidden="true" /> },
      { value: 'coupons', label: 'Coupons', icon: <Ticket aria-hidden="true" /> },
    ],
  },
  {
    label: 'Customers',
    sections: [
      { value: 'customers', label: 'Customer Subscriptions', icon: <Users aria-hidden="true" /> },
      // Who the store will not sell to (decision 0099).
      { value: 'blocklist', label: 'Blocklist', icon: <Ban aria-hidden="true" /> },
    ],
  },
  {
    label: 'System',
    sections: [
      { value: 'exports', label: 'Exports', icon: <Download aria-hidden="true" /> },
      { value: 'audit', label: 'Audit Log', icon: <ScrollText aria-hidden="true" /> },
      { value: 'outbox', label: 'Outbox', icon: <Mail aria-hidden="true" /> },
      { value: 'panel', label: 'Panel', icon: <Activity aria-hidden="true" /> },
      // The public status page's incidents and their compensation (decision 0094).
      { value: 'incidents', label: 'Incidents', icon: <Megaphone aria-hidden="true" /> },
      // The terms, privacy and refund policies buyers read and agree to (decision 0097).
      { value: 'policies', label: 'Policies', icon: <FileText aria-hidden="true" /> },
      // The signed-in admin's own two-factor sign-in (decision 0096).
      { value: 'account', label: 'My account', icon: <UserCog aria-hidden="true" /> },
    ],
  },
];

const ADMIN_SECTIONS = ADMIN_SECTION_GROUPS.flatMap((group) => group.sections);

export const DEFAULT_SECTION = 'customers';

/** The section a ?tab= names, or the default for a missing or unknown one. */
export const sectionOf = (tab: string | null) => ADMIN_SECTIONS.find((section) => section.value === tab) ?? ADMIN_SECTIONS.find((section) => section.value === DEFAULT_SECTION)!;

export const sectionHref = (value: string) => (value === DEFAULT_SECTION ? '/admin' : `/admin?tab=${value}`);
