/** Email and Senha (both required) with 'Entrar' / 'Entrando...'. */
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminTexts } from '@/features/admin/messages';

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
        />
        <PasswordInput
          label={adminTexts.password}
          autoComplete="current-password"
          required
          disabled={busy}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? adminTexts.signingIn : adminTexts.signIn}
        </Button>
      </Stack>
    </form>
  );
}
