/** Email and Senha (both required) with 'Entrar' / 'Entrando...'. */
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { adminTexts } from '@/features/admin/messages';

/**
 * The browser's validation bubble says what is wrong in Portuguese (Chromium's own text follows the
 * browser's language: "Please fill out this field."); set when the field is found invalid, cleared
 * as soon as it is edited.
 */
const portugueseValidity = {
  onInvalid: (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    input.setCustomValidity(
      input.validity.valueMissing
        ? adminTexts.fieldRequired
        : input.validity.typeMismatch
          ? adminTexts.emailInvalid
          : '',
    );
  },
  onInput: (event: FormEvent<HTMLInputElement>) => event.currentTarget.setCustomValidity(''),
};

export interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (values: LoginValues) => void;
}) {
  const form = useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() === '' ? true : null),
      password: (value) => (value === '' ? true : null),
    },
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate={false}>
      <Stack>
        <TextInput
          label={adminTexts.email}
          type="email"
          autoComplete="username"
          required
          disabled={busy}
          key={form.key('email')}
          {...form.getInputProps('email')}
          {...portugueseValidity}
        />
        <PasswordInput
          label={adminTexts.password}
          autoComplete="current-password"
          required
          disabled={busy}
          key={form.key('password')}
          {...form.getInputProps('password')}
          {...portugueseValidity}
        />
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? adminTexts.signingIn : adminTexts.signIn}
        </Button>
      </Stack>
    </form>
  );
}
