import { Component, lazy, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@artist/contracts';
import { loadRemoteApp } from './remotes.js';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote that fails to load (or crashes) from taking the rest of the site down with it. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A part of the site failed to load', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="shell-message" role="alert">
        <h1>Sorry, this part of the site didn’t load.</h1>
        <p>Please check your connection and try again.</p>
        <button
          type="button"
          className="shell-button"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          Try again
        </button>
      </div>
    );
  }
}

export function Loading() {
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      <span className="shell-spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/**
 * Mounts one remote's App inside an error boundary with a retry and a loading fallback. A path
 * the admin does not know shows the storefront's 404 page, mounted in its place.
 */
export function RemoteMount({ name }: { name: RemoteName }) {
  // A retry needs a fresh lazy component: React caches the failed one.
  const [RemoteApp, setRemoteApp] = useState(() => lazy(() => loadRemoteApp(name, 0)));
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    const next = attempt + 1;
    setAttempt(next);
    setRemoteApp(() => lazy(() => loadRemoteApp(name, next)));
  };
  return (
    <RemoteErrorBoundary onRetry={retry}>
      <Suspense fallback={<Loading />}>
        <RemoteApp notFound={<RemoteMount name="storefront" />} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
