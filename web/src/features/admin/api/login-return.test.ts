import { describe, expect, it } from 'vitest';
import { loginPathFrom, returnPathOf } from './login-return';

describe('the way back after sign-in', () => {
  it('carries a record link, or the list with its filters, through the login page', () => {
    const login = loginPathFrom('/admin/leads/abc?busca=fatima');
    expect(login).toBe('/admin/login?voltar=%2Fadmin%2Fleads%2Fabc%3Fbusca%3Dfatima');
    expect(returnPathOf(login.slice(login.indexOf('?')))).toBe('/admin/leads/abc?busca=fatima');
    expect(loginPathFrom('/admin')).toBe('/admin/login');
    expect(returnPathOf('')).toBe('/admin');
  });

  it('follows panel addresses only: never another site, nor the login page', () => {
    for (const value of [
      'https://example.com/admin',
      '//example.com/admin',
      '/\\example.com',
      '/admin/login?voltar=/admin',
      '/administrar',
      '/',
      'admin/leads/x',
      'javascript:alert(1)',
    ]) {
      expect(returnPathOf(`?voltar=${encodeURIComponent(value)}`), value).toBe('/admin');
    }
    expect(loginPathFrom('//example.com/admin')).toBe('/admin/login');
  });
});
