/** Mounts the example page into `#root` (bundle it with esbuild or Vite; React 19, @xstate/react 6). */
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

const root = document.querySelector('#root');
if (root === null) throw new Error('the page needs an element with id="root"');
createRoot(root).render(<App />);
