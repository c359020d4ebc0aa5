import { AppProvider } from './provider';
import { AppRouter } from './router';
import { wireUnauthorized } from './unauthorized';

wireUnauthorized();

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
