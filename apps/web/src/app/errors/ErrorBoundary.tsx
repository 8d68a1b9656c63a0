import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../lazy.ts';
import { LoadedErrorScreen, RenderErrorScreen } from './ErrorScreens.tsx';

interface Props {
  children: ReactNode;
  /** When this changes (the route), a shown error is dismissed. */
  resetKey?: string;
  /** Page reload, injectable for tests. */
  onReload?: () => void;
}

interface State {
  error: Error | null;
  componentStack: string;
}

/** Catches a failed chunk ('Loaded Error!') and a render error ('Something went wrong.'). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
    console.error(error);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null, componentStack: '' });
    }
  }

  override render(): ReactNode {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) {
      return <LoadedErrorScreen onReload={this.props.onReload ?? (() => window.location.reload())} />;
    }
    return <RenderErrorScreen error={error} componentStack={componentStack} />;
  }
}
