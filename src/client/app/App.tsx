import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { SkipLink } from '../components/SkipLink';
import { useToasts } from '../components/ui/use-toast';
import { pageBase } from '../lib/i18n';
import { whenIdle } from '../lib/when-idle';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';

const loadToaster = () => import('../components/ui/toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * The toast viewport is not needed for the first paint, so it loads once the browser is
 * idle (or at once when a toast is raised), keeping the landing page's initial code small.
 */
function DeferredToaster() {
  const hasToast = useToasts().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !hasToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* A language's pages under its prefix, /es/checkout (decision 0106): links and routes are written without it. */}
      <Router base={pageBase()}>
        <SkipLink />
        <AppRoutes />
        <DeferredToaster />
      </Router>
    </QueryClientProvider>
  );
}
