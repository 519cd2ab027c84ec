// The landing feature's face: the landing page's sections.
export { FeatureGrid } from './FeatureGrid';
export { Hero } from './Hero';
export { LandingShell } from './LandingShell';
export { SiteFooter } from './SiteFooter';
export { SiteHeader } from './SiteHeader';
export { Testimonials } from './Testimonials';
export { TrustSection } from './TrustSection';
export { LazyTutorialDialog as TutorialDialog } from './LazyTutorialDialog';
