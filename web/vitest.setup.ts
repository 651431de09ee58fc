// Polyfills Mantine needs under jsdom (mantinedev/vite-template test setup).
import '@testing-library/jest-dom/vitest';
// IndexedDB for the outbox (src/lib/outbox): an in-memory implementation under jsdom.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default: a bound tuned on a quiet machine. On a loaded
// 2-core CI machine a Mantine render under jsdom can take longer; the tests wait for the content
// that proves each step, so this only says how long "never" is.
configure({ asyncUtilTimeout: 15_000 });

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
