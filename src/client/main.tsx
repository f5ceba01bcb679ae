/**
 * The player client's entry point in the browser: reads the route and the language from the address, loads the
 * other languages' catalogs, and renders the app. `?inspect` (with the inspector page open on this machine)
 * draws the client's own flow machine live, like any XState app; the inspector code is loaded only then.
 */
import '../i18n/locales.js';
import { createRoot } from 'react-dom/client';
import { askedLocale, browserLocale, parseRoute } from './route.js';
import { App, type AppProps } from './ui/App.js';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('the page has no #root element');
  const route = parseRoute(window.location.pathname, window.location.hash, window.location.search);
  const locale = askedLocale(window.location.search);
  const fallback = browserLocale(navigator.languages) ?? 'en';
  document.documentElement.lang = locale ?? fallback;
  const params = new URLSearchParams(window.location.search);
  const props: AppProps = { route, locale, fallback };
  const inspectUrl = params.get('inspect');
  if (inspectUrl !== null && /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(inspectUrl)) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    props.inspect = createBrowserInspector({ url: inspectUrl }).inspect;
  }
  const delay = params.get('botDelay');
  if (delay !== null && /^\d{1,6}$/.test(delay)) props.solo = { botDelay: Number(delay) };
  createRoot(container).render(<App {...props} />);
}

void start();
