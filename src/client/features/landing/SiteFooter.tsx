import { HelpCircle, Mail, Tv } from 'lucide-react';
import { POLICY_TITLES, policyPage } from '#contract/policy-paths';
import { Button } from '../../components/ui/button';
import { SOCIAL_NETWORKS, SocialIcon } from './social-icons';

/**
 * The spec's footer links are placeholders with no target; a link without an href is
 * neither a link to assistive technology nor crawlable, so each leads somewhere real on
 * this page: its own section where one exists, else the support footer with the contact
 * address (decision 0014).
 */
const QUICK_LINKS = [
  { label: 'Packages', href: '#packages' },
  { label: 'Features', href: '#features' },
  { label: 'Free Trial', href: '/checkout?trial=true' },
  { label: 'Setup Guide', href: '#support' },
];
const SUPPORT_LINKS = [
  // A support request, by a guest or from the account's Help section (decision 0102).
  { label: 'Help Center', href: '/support' },
  { label: 'Contact Us', href: '/support' },
  ...['Device Setup', 'Troubleshooting'].map((label) => ({ label, href: '#support' })),
  // Whether the service runs now, and the incidents of the last days (decision 0094).
  { label: 'Service Status', href: '/status' },
];
// The store's policies, which the owner edits in the admin (decision 0097).
const LEGAL_LINKS = (['privacy', 'terms', 'refund-policy'] as const).map((name) => ({ label: POLICY_TITLES[name], href: policyPage(name) }));

function FooterLink({ label, href }: { label: string; href: string }) {
  return (
    <a href={href} className="text-sm text-muted-foreground hover:text-foreground">
      {label}
    </a>
  );
}

export function SiteFooter({ onOpenTutorial }: { onOpenTutorial: () => void }) {
  return (
    <footer id="support" className="scroll-mt-20 border-t border-border bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold">
            <Tv className="size-5 text-accent" aria-hidden="true" /> StreamPlus
          </p>
          <p className="mt-3 text-sm text-muted-foreground">Premium IPTV in 4K with 24/7 support and gift card cashback on every subscription.</p>
          <div className="mt-4 flex gap-2">
            {SOCIAL_NETWORKS.map((network) => (
              <a key={network} href="#support" aria-label={network} className="flex size-9 items-center justify-center rounded-lg border border-border text-muted-foreground hover:text-foreground">
                <SocialIcon network={network} className="size-4" />
              </a>
            ))}
          </div>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-bold">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.label}><FooterLink {...link} /></li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="font-bold">Support</h2>
          <ul className="mt-3 space-y-2">
            {SUPPORT_LINKS.map((link) => (
              <li key={link.label}><FooterLink {...link} /></li>
            ))}
          </ul>
          <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
            <Mail className="size-4" aria-hidden="true" /> support@streamplus.tv
          </p>
        </nav>
        <div>
          <h2 className="font-bold">Cash back gift card</h2>
          <p className="mt-3 text-sm text-muted-foreground">Need help redeeming your cash back e-gift card? Our guide takes you through it step by step.</p>
          <Button variant="outline" size="sm" className="mt-4" onClick={onOpenTutorial}>
            <HelpCircle /> How to redeem
          </Button>
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 sm:flex-row">
          <p className="text-sm text-muted-foreground">© 2025 StreamPlus. All rights reserved.</p>
          <div className="flex flex-wrap justify-center gap-4">
            {LEGAL_LINKS.map((link) => (
              <FooterLink key={link.label} {...link} />
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
