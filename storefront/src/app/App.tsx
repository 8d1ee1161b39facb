import { useState } from 'react';
import { Provider } from 'react-redux';
import { HomePage } from '../features/home/HomePage.js';
import { useRemoveFirstPaint } from './FirstPaint.js';
import { createStore } from './store.js';
import '../styles/site.css';

/** The storefront remote's entry: the public home page, with its own store. */
export default function StorefrontApp() {
  const [store] = useState(() => createStore());
  useRemoveFirstPaint();
  return (
    <Provider store={store}>
      <div className="storefront" data-remote="storefront" data-build={__BUILD_ID__}>
        <HomePage />
      </div>
    </Provider>
  );
}
