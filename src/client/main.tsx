import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { textDirection } from '#domain/locales';
import { App } from './app/App';
import { pageLocale, preloadMessages, readPageMessages } from './lib/i18n';
import './styles.css';

// The server wrote the page's language and its first messages into the HTML (decision 0106);
// without them (Vite's dev server) the site's messages load first.
readPageMessages();
document.documentElement.lang = pageLocale();
document.documentElement.dir = textDirection(pageLocale());
await preloadMessages('site');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
