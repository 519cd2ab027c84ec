import { AlertTriangle, Bell, Download, Gift, Mail, Package, Receipt, ScrollText, Ticket, TrendingUp, Truck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminStats } from '#contract/admin';

export interface AdminSection {
  /** The tab's value on /admin, and its ?tab= in a link from elsewhere. */
  value: string;
  label: string;
  icon: ReactNode;
  /** Which of the stats' counts of work waiting the section's badge shows, for a section where work waits. */
  waiting?: keyof AdminStats['waiting'];
}

/** Every section of /admin, in the order of its tabs; the spec's two come first and stay the default. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { value: 'customers', label: 'Customer Subscriptions', icon: <Users aria-hidden="true" /> },
  { value: 'notifications', label: 'Purchase Notifications', icon: <Bell aria-hidden="true" /> },
  { value: 'orders', label: 'Orders', icon: <Receipt aria-hidden="true" /> },
  { value: 'review', label: 'Needs Review', icon: <AlertTriangle aria-hidden="true" />, waiting: 'needsReview' },
  { value: 'gift-cards', label: 'Gift Cards', icon: <Gift aria-hidden="true" />, waiting: 'giftCardsOwed' },
  { value: 'shipments', label: 'Shipments', icon: <Truck aria-hidden="true" />, waiting: 'boxesToShip' },
  { value: 'coupons', label: 'Coupons', icon: <Ticket aria-hidden="true" /> },
  { value: 'packages', label: 'Packages', icon: <Package aria-hidden="true" /> },
  { value: 'revenue', label: 'Revenue', icon: <TrendingUp aria-hidden="true" /> },
  { value: 'exports', label: 'Exports', icon: <Download aria-hidden="true" /> },
  { value: 'audit', label: 'Audit Log', icon: <ScrollText aria-hidden="true" /> },
  { value: 'outbox', label: 'Outbox', icon: <Mail aria-hidden="true" /> },
];

export const DEFAULT_SECTION = 'customers';

/** The section a ?tab= names, or the default for a missing or unknown one. */
export const sectionOf = (tab: string | null) => (ADMIN_SECTIONS.some((section) => section.value === tab) ? tab! : DEFAULT_SECTION);

export const sectionHref = (value: string) => (value === DEFAULT_SECTION ? '/admin' : `/admin?tab=${value}`);
