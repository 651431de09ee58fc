import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-error';

describe('loginErrorMessage', () => {
  it.each(['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found'])(
    'maps %s to Email ou senha incorretos.',
    (code) => {
      expect(loginErrorMessage(new FirebaseError(code, `Firebase: Error (${code}).`))).toBe(
        'Email ou senha incorretos.',
      );
    },
  );

  it('keeps the server message of any other failure', () => {
    const error = new FirebaseError('auth/too-many-requests', 'Too many attempts, try later.');
    expect(loginErrorMessage(error)).toBe('Too many attempts, try later.');
  });

  it('falls back to Email ou senha incorretos. without a message', () => {
    expect(loginErrorMessage('???')).toBe('Email ou senha incorretos.');
  });
});
