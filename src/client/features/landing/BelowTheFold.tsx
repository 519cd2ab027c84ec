import { FeatureGrid } from './FeatureGrid';
import { SiteFooter } from './SiteFooter';
import { Testimonials } from './Testimonials';
import { TrustSection } from './TrustSection';

/** The landing page's sections under its packages, in page order; the footer follows the page's main. */
export function LaterSections() {
  return (
    <>
      <FeatureGrid />
      <Testimonials />
      <TrustSection />
    </>
  );
}

export { SiteFooter };
