import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, test, vi } from 'vitest';
import { keptComponent } from './kept-component';

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

test('before its code is fetched, the lazy component shows the fallback, then the component', async () => {
  let resolve: (component: typeof Greeting) => void = () => {};
  const kept = keptComponent(() => new Promise<typeof Greeting>((r) => (resolve = r)));
  const Current = kept.current();
  render(
    <Suspense fallback={<p>Carregando</p>}>
      <Current name="Ana" />
    </Suspense>,
  );
  expect(screen.getByText('Carregando')).toBeTruthy();
  await act(async () => resolve(Greeting));
  expect(await screen.findByText('Olá, Ana')).toBeTruthy();
  expect(screen.queryByText('Carregando')).toBeNull();
});

test('once fetched, the component itself renders at once: no fallback, not even for a frame', async () => {
  const kept = keptComponent(() => Promise.resolve(Greeting));
  await kept.load();
  expect(kept.current()).toBe(Greeting);
  const Current = kept.current();
  render(
    <Suspense fallback={<p>Carregando</p>}>
      <Current name="Bia" />
    </Suspense>,
  );
  // Synchronously after the first render: a suspended one would show the fallback here.
  expect(screen.getByText('Olá, Bia')).toBeTruthy();
  expect(screen.queryByText('Carregando')).toBeNull();
});

test('the code is fetched once however often it is asked for', async () => {
  const fetchComponent = vi.fn(() => Promise.resolve(Greeting));
  const kept = keptComponent(fetchComponent);
  await Promise.all([kept.load(), kept.load()]);
  await kept.load();
  expect(fetchComponent).toHaveBeenCalledTimes(1);
});

test('a failed download is asked for again on the next load', async () => {
  const fetchComponent = vi
    .fn<() => Promise<typeof Greeting>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValueOnce(Greeting);
  const kept = keptComponent(fetchComponent);
  await expect(kept.load()).rejects.toThrow('offline');
  await expect(kept.load()).resolves.toBe(Greeting);
  expect(fetchComponent).toHaveBeenCalledTimes(2);
});
