import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { readableMessage, showToast } from './toast';

describe('toasts', () => {
  it("never end a server's message with its HTTP status", () => {
    expect(readableMessage('Este email já faz parte da equipe. [409]')).toBe(
      'Este email já faz parte da equipe.',
    );
    expect(readableMessage('Sala [3] reservada')).toBe('Sala [3] reservada');
    showToast({ title: 'Erro ao adicionar', message: 'Email inválido. [400]' }, 'error');
    const [shown] = notificationsStore.getState().notifications;
    expect(shown).toMatchObject({ title: 'Erro ao adicionar', message: 'Email inválido.' });
  });
});
