// The landing feature's face: the landing page's sections.
export { Hero } from './Hero';
export { LandingShell } from './LandingShell';
export { LazyLaterSections as LaterSections, LazySiteFooter as SiteFooter } from './LazyBelowTheFold';
export { SiteHeader } from './SiteHeader';
export { LazyTutorialDialog as TutorialDialog } from './LazyTutorialDialog';
export { deviceFeeSentence } from './device-fee-sentence';
