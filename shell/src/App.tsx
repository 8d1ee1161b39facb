import { Route, Routes } from 'react-router-dom';
import { NotFound } from './NotFound.js';
import { RemoteMount } from './RemoteMount.js';

/** The shell owns the router; each remote renders its own routes beneath its mount point. */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<RemoteMount name="storefront" />} />
      <Route path="/admin/*" element={<RemoteMount name="admin" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
