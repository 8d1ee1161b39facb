import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { PreviewBar } from './PreviewBar.js';
import { registerRemotesFromManifest } from './remotes.js';
import './shell.css';

void registerRemotesFromManifest().finally(() => {
  createRoot(document.getElementById('root')!).render(
    // Navigations apply at once rather than as transitions: the dashboard keeps its search,
    // filter and page in the address, and each keystroke's result should not wait behind
    // lower-priority work.
    <BrowserRouter useTransitions={false}>
      <App />
      <PreviewBar />
    </BrowserRouter>,
  );
});
