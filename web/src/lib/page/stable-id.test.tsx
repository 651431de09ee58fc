import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'react';
import { expect, test } from 'vitest';
import { useId } from './stable-id';

function Field({ id }: { id?: string }) {
  const inputId = useId(id);
  return (
    <>
      <label htmlFor={inputId}>Nome Completo</label>
      <input id={inputId} />
    </>
  );
}

test('the id rendered on the server stays once hydrated (no new id after mount)', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field />);
  document.body.append(container);
  const serverId = container.querySelector('input')?.id;
  expect(serverId).toMatch(/^mantine-\S+$/);
  await act(async () => {
    hydrateRoot(container, <Field />);
  });
  expect(container.querySelector('input')?.id).toBe(serverId);
  expect(container.querySelector('label')?.htmlFor).toBe(serverId);
  container.remove();
});

test('a given id is used as it is', () => {
  expect(renderToString(<Field id="nome" />)).toContain('id="nome"');
});
