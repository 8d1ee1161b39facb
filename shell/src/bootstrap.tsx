import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { PreviewBar } from './PreviewBar.js';
import { registerRemotesFromManifest } from './remotes.js';
import './shell.css';

void registerRemotesFromManifest().finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // The first render is a transition, so React renders it in slices and a tap between them is
  // answered: rendered at once, it was one long task on a slow phone. The server's first paint
  // stays on screen until it commits.
  startTransition(() =>
    root.render(
      // Navigations apply at once rather than as transitions: the dashboard keeps its search,
      // filter and page in the address, and each keystroke's result should not wait behind
      // lower-priority work.
      <BrowserRouter useTransitions={false}>
        <App />
        <PreviewBar />
      </BrowserRouter>,
    ),
  );
});
