import { HelpCircle, Mail, Tv } from 'lucide-react';
import { policyPage } from '#contract/policy-paths';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Button } from '../../components/ui/button';
import { pageBase, useMessages } from '../../lib/i18n';
import { SOCIAL_NETWORKS, SocialIcon } from './social-icons';

/**
 * The spec's footer links are placeholders with no target; a link without an href is
 * neither a link to assistive technology nor crawlable, so each leads somewhere real on
 * this page: its own section where one exists, else the support footer with the contact
 * address (decision 0014).
 */
const QUICK_LINKS = [
  { label: 'site.nav.packages', href: '#packages' },
  { label: 'site.nav.features', href: '#features' },
  { label: 'landing.footer.freeTrial', href: '/checkout?trial=true' },
  { label: 'landing.footer.setupGuide', href: '#support' },
];
const SUPPORT_LINKS = [
  // A support request, by a guest or from the account's Help section (decision 0102).
  { label: 'landing.footer.helpCenter', href: '/support' },
  { label: 'landing.footer.contactUs', href: '/support' },
  ...['landing.footer.deviceSetup', 'landing.footer.troubleshooting'].map((label) => ({ label, href: '#support' })),
  // Whether the service runs now, and the incidents of the last days (decision 0094).
  { label: 'landing.footer.serviceStatus', href: '/status' },
];
// The store's policies, which the owner edits in the admin (decision 0097).
const LEGAL_LINKS = [
  { label: 'landing.footer.privacy', href: policyPage('privacy') },
  { label: 'landing.footer.terms', href: policyPage('terms') },
  { label: 'landing.footer.refundPolicy', href: policyPage('refund-policy') },
];

/** A footer link by its message's key; a page's address in the page's language (/es/support). */
function FooterLink({ label, href }: { label: string; href: string }) {
  const t = useMessages('landing');
  return (
    <a href={href.startsWith('/') ? `${pageBase()}${href}` : href} className="text-sm text-muted-foreground hover:text-foreground">
      {t(label)}
    </a>
  );
}

export function SiteFooter({ onOpenTutorial }: { onOpenTutorial: () => void }) {
  const t = useMessages('site', 'landing');
  return (
    <footer id="support" className="scroll-mt-20 border-t border-border bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold">
            <Tv className="size-5 text-accent" aria-hidden="true" /> StreamPlus
          </p>
          <p className="mt-3 text-sm text-muted-foreground">{t('landing.footer.about')}</p>
          <div className="mt-4 flex gap-2">
            {SOCIAL_NETWORKS.map((network) => (
              <a key={network} href="#support" aria-label={network} className="flex size-9 items-center justify-center rounded-lg border border-border text-muted-foreground hover:text-foreground">
                <SocialIcon network={network} className="size-4" />
              </a>
            ))}
          </div>
        </div>
        <nav aria-label={t('landing.footer.quickLinksLabel')}>
          <h2 className="font-bold">{t('landing.footer.quickLinks')}</h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.label}><FooterLink {...link} /></li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('site.nav.support')}>
          <h2 className="font-bold">{t('site.nav.support')}</h2>
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
          <h2 className="font-bold">{t('landing.footer.giftCardTitle')}</h2>
          <p className="mt-3 text-sm text-muted-foreground">{t('landing.footer.giftCardText')}</p>
          <Button variant="outline" size="sm" className="mt-4" onClick={onOpenTutorial}>
            <HelpCircle /> {t('landing.footer.howToRedeem')}
          </Button>
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 sm:flex-row">
          <p className="text-sm text-muted-foreground">{t('landing.footer.rights')}</p>
          <div className="flex flex-wrap items-center justify-center gap-4">
            <LanguageSwitcher />
            {LEGAL_LINKS.map((link) => (
              <FooterLink key={link.label} {...link} />
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
