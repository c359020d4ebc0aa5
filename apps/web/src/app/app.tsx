import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createRouter } from './router';
import { wireUnauthorized } from './unauthorized';

const queryClient = createQueryClient();
const router = createRouter();

wireUnauthorized();

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
