/** Smoothly scrolls to a section of the landing page by its id. */
export function scrollToSection(id: 'packages' | 'features' | 'support'): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
