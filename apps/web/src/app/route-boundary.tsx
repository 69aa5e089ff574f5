import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from '@/app/route-error.tsx';
import { RouteOffline } from '@/app/route-offline.tsx';
import {
  ChunkLoadError,
  isChunkLoadError,
  nextChunkRetry,
  waitingChunks,
} from '@/lib/chunk-load.ts';

interface Props {
  /** The location's key: a new location clears a caught error. */
  resetKey: string;
  /** What shows instead of the children once they threw; `retry` renders them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  caught: boolean;
  resetKey: string;
}

/** Catches what its children throw while rendering and shows the fallback until the next location. */
class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, caught: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: undefined, caught: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    // A screen whose code could not be fetched imports again when it next renders.
    if (error instanceof ChunkLoadError) error.retry();
  }

  private readonly retry = () => this.setState({ error: undefined, caught: false });

  override render() {
    return this.state.caught
      ? this.props.fallback(this.state.error, this.retry)
      : this.props.children;
  }
}

/**
 * An error boundary around routed content (the layout, and the screen inside it). A screen whose
 * code could not be fetched (offline, not cached) shows the offline notice and loads when the
 * connection returns; other errors show the error screen.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary
      resetKey={key}
      fallback={(error, retry) =>
        isChunkLoadError(error) ? <RouteOffline onRetry={retry} /> : <RouteError error={error} />
      }
    >
      {children}
    </ErrorBoundary>
  );
}

/** Renders nothing, counts as a part waiting for its code, and retries when the connection returns. */
function WaitForConnection({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    let live = true;
    waitingChunks.set(waitingChunks.get() + 1);
    void nextChunkRetry().then(() => {
      if (live) onRetry();
    });
    return () => {
      live = false;
      waitingChunks.set(waitingChunks.get() - 1);
    };
  }, [onRetry]);
  return null;
}

/**
 * Around the extras beside the screen (the sidebar): when they fail they are left out until the
 * next location, and the layout and screen stay; when their code could not be fetched, the
 * offline notice says so and they come back when the connection does.
 */
export function QuietBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary
      resetKey={key}
      fallback={(error, retry) =>
        isChunkLoadError(error) ? <WaitForConnection onRetry={retry} /> : null
      }
    >
      {children}
    </ErrorBoundary>
  );
}
