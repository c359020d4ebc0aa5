import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  fallback: ReactNode;
  /** A new value clears a caught error: the user navigated elsewhere. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // What the data router's default boundary did: the error on the console, the page in place.
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : this.props.fallback;
  }
}

/**
 * A route's error boundary (spec: never a blank screen): a screen that throws while rendering, or
 * whose lazy chunk fails to load, is replaced by `fallback` until the user goes to another page.
 * The declarative router has no `errorElement`; this is its equivalent.
 */
export function RouteErrorBoundary({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Boundary fallback={fallback} resetKey={pathname}>
      {children}
    </Boundary>
  );
}
