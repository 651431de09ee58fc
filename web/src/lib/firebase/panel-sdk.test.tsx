import { act, render, screen } from '@testing-library/react';
import type { Firestore } from 'firebase/firestore';
import { describe, expect, it, vi } from 'vitest';
import { FirestoreProvider, useFirestore } from './panel-sdk';
import { useUser } from './panel-user';

/** Auth's ID token listener, driven by the test; `currentUser` as the SDK has it. */
const auth = vi.hoisted(() => ({
  currentUser: null as { uid: string } | null,
  listeners: [] as ((user: { uid: string } | null) => void)[],
}));
vi.mock('./auth', () => ({ auth }));
vi.mock('firebase/auth', () => ({
  onIdTokenChanged: (_auth: unknown, listener: (user: { uid: string } | null) => void) => {
    auth.listeners.push(listener);
    return () => undefined;
  },
}));

function Who({ label }: { label: string }) {
  const { status, data } = useUser();
  return <p>{`${label}: ${status} ${data === undefined ? '-' : (data?.uid ?? 'ninguém')}`}</p>;
}

function Db() {
  return <p>{(useFirestore() as unknown as { name: string }).name}</p>;
}

describe('useUser', () => {
  it('is loading until Auth answers, then every reader has the user, a later one at once', () => {
    const first = render(<Who label="primeiro" />);
    expect(screen.getByText('primeiro: loading -')).toBeInTheDocument();
    // One listener for the page, however many readers.
    render(<Who label="segundo" />);
    expect(auth.listeners).toHaveLength(1);

    act(() => auth.listeners[0]!({ uid: 'u1' }));
    expect(screen.getByText('primeiro: success u1')).toBeInTheDocument();
    expect(screen.getByText('segundo: success u1')).toBeInTheDocument();
    render(<Who label="depois" />);
    expect(screen.getByText('depois: success u1')).toBeInTheDocument();

    act(() => auth.listeners[0]!(null));
    expect(screen.getByText('primeiro: success ninguém')).toBeInTheDocument();
    first.unmount();
  });
});

describe('useFirestore', () => {
  it('gives the provider’s instance, and says so when there is none', () => {
    const db = { name: 'banco do painel' } as unknown as Firestore;
    render(
      <FirestoreProvider sdk={db}>
        <Db />
      </FirestoreProvider>,
    );
    expect(screen.getByText('banco do painel')).toBeInTheDocument();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Db />)).toThrow('useFirestore needs a FirestoreProvider above it');
  });
});
