/** The landing page's sections the header leads to (spec section 2), in page order; each label a message's key. */
export const SECTIONS = [
  { id: 'packages', label: 'site.nav.packages' },
  { id: 'features', label: 'site.nav.features' },
  { id: 'support', label: 'site.nav.support' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

/**
 * Smoothly scrolls to a section of the landing page by its id, and takes the keyboard
 * focus there too, so the next Tab continues in that section rather than in the header.
 */
export function scrollToSection(id: SectionId): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.tabIndex = -1;
  section.focus({ preventScroll: true });
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
