import { AppProvider } from './provider';
import { AppRouter } from './router';
import { wireUnauthorized } from './unauthorized';
import { onStepUpRequired } from '@/lib/api-client';
import { stepUp } from '@/lib/step-up';

wireUnauthorized();
onStepUpRequired(() => stepUp.ask());

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
