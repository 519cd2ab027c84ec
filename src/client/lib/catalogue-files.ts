/**
 * Every catalogue file by language and area, each its own chunk (decision 0106). A module of
 * its own, asked for when a page needs an area the HTML did not carry: the list of files is
 * not part of the landing page's first JavaScript.
 */
const files = import.meta.glob<Record<string, string>>('../../messages/*/*.json', { import: 'default' });

export function loadCatalogue(locale: string, area: string): Promise<Record<string, string>> {
  const file = files[`../../messages/${locale}/${area}.json`];
  return file ? file() : Promise.resolve({});
}
