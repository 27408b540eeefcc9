import { MESSAGES } from '@cinegraph/contracts';
import { Component, type ReactNode } from 'react';
import { Button } from '../../ui/Button';

interface State {
  failed: boolean;
}

/** Keeps a rendering failure of the canvas inside the canvas, with a way to try again. */
export class CanvasErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The canvas failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="flex h-full flex-col items-center justify-center gap-4 text-neutral-200">
        <p>{MESSAGES.canvasRenderFailed}</p>
        <Button variant="primary" onClick={() => this.setState({ failed: false })}>
          Try again
        </Button>
      </div>
    );
  }
}
