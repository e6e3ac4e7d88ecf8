import { Component, type ReactNode, Suspense, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { PortalLoading, PortalRouteError } from './portal-error';
import { PageTitleContext } from './page-title';

interface BoundaryProps {
  /** The address shown: an error is forgotten when the member goes elsewhere. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  pathname: string;
}

/** What a route's error element is in a data router: the route's own, in place of its page. */
class PortalErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <PortalRouteError error={this.state.error} />
    );
  }
}

function PageTitle({ title }: { title: string }) {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => setTitle(title), [setTitle, title]);
  return null;
}

/**
 * One portal route or layout: its error element (an error in it shows "Something went wrong"
 * where it was, the layout around it kept; another address starts afresh), the loading state while
 * a lazy page's code arrives, and the page's name in the window title (`title`).
 */
export function PortalPage({ title, children }: { title?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PortalErrorBoundary pathname={pathname}>
      {title === undefined ? null : <PageTitle title={title} />}
      <Suspense fallback={<PortalLoading />}>{children}</Suspense>
    </PortalErrorBoundary>
  );
}
