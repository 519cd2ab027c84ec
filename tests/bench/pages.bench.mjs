// The page audit in the bench table: Lighthouse's four scores for / and /checkout (mobile
// preset, the median of three runs each), with the time the main thread was blocked and the
// script the page loaded, so a slower page shows beside the purchase and catalog figures.
import { auditPages, TARGETS } from './page-audit.mjs';

const LABELS = { performance: 'performance', accessibility: 'accessibility', 'best-practices': 'best practices', seo: 'SEO' };

export async function benchPages() {
  const section = 'Pages: Lighthouse mobile preset, median of 3 runs (performance of each run in the note)';
  const rows = [];
  for (const page of await auditPages({ runs: 3 })) {
    for (const [category, target] of Object.entries(TARGETS)) {
      // Lighthouse's benchmarkIndex of the machine beside each figure: a loaded machine scores lower (decision 0082).
      const machine = `benchmarkIndex ${Math.round(page.benchmarkIndex)}`;
      const note = category === 'performance' ? `runs ${page.allPerformance.join(', ')}; ${machine} (runs ${page.allBenchmarkIndex.map(Math.round).join(', ')})` : machine;
      rows.push({ section, name: `${page.name}: ${LABELS[category]}`, value: page.scores[category], unit: '', target: `>= ${target}`, note });
    }
    rows.push({ section, name: `${page.name}: total blocking time`, value: page.tbt, unit: 'ms', note: `benchmarkIndex ${Math.round(page.benchmarkIndex)}` });
    rows.push({ section, name: `${page.name}: script transferred`, value: page.scriptKb, unit: 'KB', note: `benchmarkIndex ${Math.round(page.benchmarkIndex)}` });
    rows.push({ section, name: `${page.name}: axe serious + critical`, value: page.axe.length, unit: '', target: '0', note: page.axe.join('; ') || undefined });
  }
  return rows;
}
