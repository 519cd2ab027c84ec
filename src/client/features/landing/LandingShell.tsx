import { HeaderPlaceholder } from '../../components/HeaderPlaceholder';
import { MAIN_ID } from '../../components/SkipLink';
import { Hero } from './Hero';

/**
 * What / shows before its page's code has run: the hero, where the page puts it, under the
 * header's place held at its height. The build writes it into /'s HTML, so the largest paint
 * comes with the HTML and not after the app's JavaScript; the app then shows it again while the
 * page's code loads, and the page arrives around it without moving it (decision 0060).
 */
export function LandingShell() {
  return (
    <div className="min-h-screen">
      <HeaderPlaceholder />
      <main id={MAIN_ID} tabIndex={-1}>
        <Hero />
      </main>
    </div>
  );
}
