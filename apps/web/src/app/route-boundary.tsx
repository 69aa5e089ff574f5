import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from '@/app/route-error.tsx';

interface Props {
  /** The location's key: a new location clears a caught error. */
  resetKey: string;
  /** What shows instead of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
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

  override render() {
    return this.state.caught ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** An error boundary around routed content (the layout, and the screen inside it). */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary resetKey={key} fallback={(error) => <RouteError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * Around the extras beside the screen (the sidebar): when they fail (their code could not load
 * offline, say) they are left out until the next location, and the layout and screen stay.
 */
export function QuietBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary resetKey={key} fallback={() => null}>
      {children}
    </ErrorBoundary>
  );
}
