/** The message of the 'Erro no login' toast. */
import { FirebaseError } from 'firebase/app';
import { wrongCredentialsMessage } from '@/features/admin/messages';

const credentialErrors = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/missing-password',
  'auth/missing-email',
]);

/**
 * The message of the 'Erro no login' toast: 'Email ou senha incorretos.' for rejected
 * credentials, otherwise the server's own message (docs/product.md, "Admin access").
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof FirebaseError && credentialErrors.has(error.code)) {
    return wrongCredentialsMessage;
  }
  if (error instanceof Error && error.message) return error.message;
  return wrongCredentialsMessage;
}
