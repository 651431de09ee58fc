import { afterEach, describe, expect, test, vi } from 'vitest';
import { boot, bootDataId, readBootData, takeHeldSubmit } from './boot';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-hydrated');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A PerformanceObserver that only reports what the test hands it (`paint`). */
function fakePaintObserver() {
  const callbacks: PerformanceObserverCallback[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: PerformanceObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string) => {
    const list = {
      getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []),
    } as unknown as PerformanceObserverEntryList;
    for (const callback of callbacks) callback(list, {} as PerformanceObserver);
  };
}

const scripts = () =>
  [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
const afterPaint = { afterPaint: { entry: '/assets/index-1.js', chunks: ['/assets/Page-1.js'] } };

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);

describe('boot script', () => {
  test('reads the page data from its JSON block; none or broken is {}', () => {
    expect(readBootData(document)).toEqual({});
    document.head.innerHTML = `<script type="application/json" id="${bootDataId}">{"preload":{"/":["/a.js"]}}</script>`;
    expect(readBootData(document)).toEqual({ preload: { '/': ['/a.js'] } });
    document.head.innerHTML = `<script type="application/json" id="${bootDataId}">{</script>`;
    expect(readBootData(document)).toEqual({});
  });

  test('holds a submit until the app has hydrated, and remembers its form', () => {
    const listener = vi.spyOn(window, 'addEventListener');
    boot(window, {});
    document.body.innerHTML = '<form><button>Enviar</button></form>';
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      document.querySelector('form')!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(takeHeldSubmit(window)).toBeNull();
    expect(submit()).toBe(true);
    // The held form is handed to the app once, to be sent when it owns the page.
    expect(takeHeldSubmit(window)).toBe(document.querySelector('form'));
    expect(takeHeldSubmit(window)).toBeNull();
    document.documentElement.setAttribute('data-hydrated', '');
    expect(submit()).toBe(false);
    expect(takeHeldSubmit(window)).toBeNull();
    const handler = listener.mock.calls[0][1] as EventListener;
    window.removeEventListener('submit', handler, true);
  });

  test('after paint, without paint entries: the main script and the chunks after a frame, once', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    boot(window, { afterPaint: { entry: '/assets/index-1.js', chunks: ['/assets/Page-1.js'] } });
    expect(document.head.querySelector('script')).toBeNull();
    frames.forEach((frame) => frame(0));
    vi.advanceTimersByTime(0);
    const script = document.head.querySelector('script')!;
    expect([script.type, script.getAttribute('src'), script.hasAttribute('crossorigin')]).toEqual([
      'module',
      '/assets/index-1.js',
      true,
    ]);
    expect(links()).toEqual(['modulepreload /assets/Page-1.js']);
    vi.advanceTimersByTime(1000);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  test('after paint: waits for the first contentful paint entry, not a frame', () => {
    vi.useFakeTimers();
    const paint = fakePaintObserver();
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    boot(window, afterPaint);
    vi.advanceTimersByTime(1000);
    paint('first-paint');
    expect(scripts()).toEqual([]);
    paint('first-contentful-paint');
    expect(scripts()).toEqual(['/assets/index-1.js']);
    expect(links()).toEqual(['modulepreload /assets/Page-1.js']);
    vi.advanceTimersByTime(5000);
    expect(scripts()).toHaveLength(1);
    expect(frame).not.toHaveBeenCalled();
  });

  test('after paint: a page that never paints gets its scripts after 3 s; a background tab at once', () => {
    vi.useFakeTimers();
    fakePaintObserver();
    boot(window, afterPaint);
    vi.advanceTimersByTime(2999);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scripts()).toEqual(['/assets/index-1.js']);

    document.head.innerHTML = '';
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    boot(window, afterPaint);
    expect(scripts()).toEqual(['/assets/index-1.js']);
  });

  test('the shell preloads the chunks of the route being opened', () => {
    boot(window, {
      preload: { '/': ['/assets/Root-1.js', '/assets/Root-1.css'], '/x': ['/assets/X-1.js'] },
    });
    expect(links()).toEqual(['modulepreload /assets/Root-1.js', 'preload /assets/Root-1.css']);
  });
});
