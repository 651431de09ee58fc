// Polyfills Mantine needs under jsdom (mantinedev/vite-template test setup).
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount what a test rendered (vitest runs without globals, so Testing Library cannot do it
// itself) and drop toasts, which Mantine keeps in a module-level store.
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
window.HTMLElement.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;
