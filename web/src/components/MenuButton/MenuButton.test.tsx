import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

function renderMenu() {
  const picked = vi.fn();
  render(
    <>
      <MenuButton
        label="Mover Ana"
        items={['Novo', 'Principal', 'Separado'].map((label) => ({
          label: `Mover para ${label}`,
          onSelect: () => picked(label),
        }))}
      >
        Mover
      </MenuButton>
      <button type="button">fora</button>
    </>,
  );
  return { picked, button: screen.getByRole('button', { name: 'Mover Ana' }) };
}

describe('MenuButton', () => {
  it('opens on the first item from the keyboard, moves with the arrows, picks with Enter', async () => {
    const user = userEvent.setup();
    const { picked, button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Mover Ana' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Mover para Novo' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Mover para Novo' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Mover para Separado' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(picked).toHaveBeenCalledWith('Principal');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('ArrowUp opens on the last item; Escape closes back to the button; a click away closes', async () => {
    const user = userEvent.setup();
    const { picked, button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Mover para Separado' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'fora' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(picked).not.toHaveBeenCalled();
  });
});
