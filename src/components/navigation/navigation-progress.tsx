'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

/** Loading bar (specification §9): shown after 200 ms, runs over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

function isNavigationClick(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return false;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  // Same page, other anchor: no navigation.
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

/**
 * A thin bar at the top while the next page loads (client or full navigations started by a
 * link). Also reloads the page once when a chunk of the app fails to load.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  // The path the bar started on: a client navigation that changes the path ends it.
  const [runningOn, setRunningOn] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const current = useRef(pathname);
  useEffect(() => {
    current.current = pathname;
    window.clearTimeout(timer.current);
  }, [pathname]);

  useEffect(() => {
    const start = (event: MouseEvent) => {
      if (!isNavigationClick(event)) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setRunningOn(current.current), PROGRESS_THROTTLE_MS);
    };
    const stop = () => {
      window.clearTimeout(timer.current);
      setRunningOn(null);
    };
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => {
      const error = 'reason' in event ? event.reason : event.error;
      if (isChunkLoadError(error)) reloadAfterChunkError();
    };
    document.addEventListener('click', start);
    window.addEventListener('pageshow', stop);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    return () => {
      document.removeEventListener('click', start);
      window.removeEventListener('pageshow', stop);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    };
  }, []);

  if (runningOn === null || runningOn !== pathname) return null;
  return (
    <div role="progressbar" aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]" data-testid="loading-bar">
      <div className="loading-bar h-full origin-left bg-accent-500" style={{ animationDuration: `${PROGRESS_DURATION_MS}ms` }} />
    </div>
  );
}
