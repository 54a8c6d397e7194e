/**
 * A page that throws while rendering shows what went wrong in the main region, with a way to
 * try again; the header, the navigation and the other pages stay. Without it React would
 * unmount the whole app and leave a blank window.
 */
import { Component, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';

export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorNotice error={this.state.error} title="This page failed" />
        <Button onClick={() => this.setState({ error: undefined })}>Try again</Button>
      </div>
    );
  }
}
