import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { noBareJsxText } from '../../scripts/lint/no-bare-jsx-text.mjs';

/**
 * The ESLint rule store/no-bare-jsx-text (decision 0106): in a translated file, words written
 * in JSX text, in a string in JSX, or in an attribute a user reads fail; words from t(key),
 * markup without words and the allowed names pass.
 */
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('store/no-bare-jsx-text', noBareJsxText, {
  valid: [
    { code: "const a = <h2 className='text-center'>{t('landing.packages.title')}</h2>;" },
    { code: "const a = <button aria-label={t('site.menu')}><Menu aria-hidden='true' /></button>;" },
    { code: "const a = <p>{count} · {'/'} — 24/7 {'4K'.length}</p>;" },
    { code: "const a = <p>{t(pending ? 'site.signingOut' : 'site.signOut')}</p>;" },
    { code: "const a = <p><Tv /> StreamPlus</p>;", options: [{ allow: ['StreamPlus'] }] },
    { code: "const a = <a href='/support' id='help' className='p-4'>{label}</a>;" },
  ],
  invalid: [
    { code: 'const a = <h2>Choose your package</h2>;', errors: [{ message: 'User-facing words "Choose your package" written in JSX: put them in src/messages/<locale>/<area>.json and render t(key) (decision 0106).' }] },
    { code: "const a = <button aria-label='Menu'><Menu /></button>;", errors: [{ messageId: 'bareText' }] },
    { code: "const a = <input placeholder={`you@example.com`} />;", errors: [{ messageId: 'bareText' }] },
    { code: "const a = <p>{pending ? 'Signing Out...' : 'Sign Out'}</p>;", errors: [{ messageId: 'bareText' }, { messageId: 'bareText' }] },
    { code: "const a = <p>{open && 'Close'}</p>;", errors: [{ messageId: 'bareText' }] },
    { code: "const a = <p><Tv /> StreamPlus TV</p>;", options: [{ allow: ['StreamPlus'] }], errors: [{ messageId: 'bareText' }] },
    { code: "const a = <img alt='Estrellas' src='/x.png' />;", errors: [{ messageId: 'bareText' }] },
  ],
});
