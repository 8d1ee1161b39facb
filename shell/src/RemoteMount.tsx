import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@artist/contracts';
import { canFallBack, fallBack, loadRemoteApp } from './remotes.js';

interface BoundaryProps {
  onRetry: () => void;
  /**
   * Whether a failure now would load the previous version instead (the remote never rendered
   * and has one): the boundary then shows it loading, never the error box.
   */
  mayRecover: () => boolean;
  /** Called with what failed; true when the previous version is being loaded instead. */
  onFailure: (error: Error) => boolean;
  children: ReactNode;
}

/** Keeps a remote that fails to load (or crashes) from taking the rest of the site down with it. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (this.props.onFailure(error)) return;
    console.error('A part of the site failed to load', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.mayRecover()) return <Loading />;
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

/** Tells its parent once the remote inside it has rendered (committed) for the first time. */
function Rendered({ onRendered, children }: { onRendered: () => void; children: ReactNode }) {
  useEffect(onRendered, [onRendered]);
  return children;
}

/**
 * Mounts one remote's App inside an error boundary with a retry and a loading fallback. A path
 * the admin does not know shows the storefront's 404 page, mounted in its place. A version that
 * throws on its first render gives way to the previous live version (remotes.ts, `fallBack`).
 */
export function RemoteMount({ name }: { name: RemoteName }) {
  // A retry needs a fresh lazy component: React caches the failed one.
  const [RemoteApp, setRemoteApp] = useState(() => lazy(() => loadRemoteApp(name, 0)));
  const [attempt, setAttempt] = useState(0);
  const rendered = useRef(false);
  const [markRendered] = useState(() => () => {
    rendered.current = true;
  });
  const load = (next: number) => {
    setAttempt(next);
    setRemoteApp(() => lazy(() => loadRemoteApp(name, next)));
  };
  const onFailure = (error: Error) => {
    if (rendered.current || !fallBack(name, error)) return false;
    load(attempt + 1);
    return true;
  };
  return (
    <RemoteErrorBoundary
      key={attempt}
      onRetry={() => load(attempt + 1)}
      mayRecover={() => !rendered.current && canFallBack(name)}
      onFailure={onFailure}
    >
      <Suspense fallback={<Loading />}>
        <Rendered onRendered={markRendered}>
          <RemoteApp notFound={<RemoteMount name="storefront" />} />
        </Rendered>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
