import { RouterProvider } from 'react-router';
import { onUnauthorized } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createRouter } from './router';

const queryClient = createQueryClient();
const router = createRouter();

// Spec §8: a 401 on any call but the session query ends the session: back to the site root.
onUnauthorized(() => window.location.assign('/'));

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
