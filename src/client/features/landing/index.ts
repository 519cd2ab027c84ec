// The landing feature's face: the landing page's sections.
export { FeatureGrid } from './FeatureGrid';
export { Hero } from './Hero';
export { SiteFooter } from './SiteFooter';
export { SiteHeader } from './SiteHeader';
export { Testimonials } from './Testimonials';
export { TrustSection } from './TrustSection';
export { TutorialDialog } from './TutorialDialog';
