// Unit tests of client code opt into jsdom per file with `// @vitest-environment jsdom`.
// The client's words in English, all at once, as a page has them once its areas have loaded
// (decision 0106), and the ICU formatter the pages load on demand.
import { addMessages, loadFormatter } from '../../src/client/lib/i18n';

const catalogues = import.meta.glob<Record<string, string>>('../../src/messages/en/*.json', { eager: true, import: 'default' });
addMessages('en', Object.keys(catalogues).map((file) => file.replace(/^.*\/|\.json$/g, '')), Object.assign({}, ...Object.values(catalogues)) as Record<string, string>);
await loadFormatter();
