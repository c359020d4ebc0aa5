// Prefer deep imports (`@portal/ui/button`) in app code: each component is its own entry point.
export * from './components/spinner';
export * from './tokens/tokens';
